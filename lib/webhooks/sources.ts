// Every sender the inbox knows, by the name its log rows carry (resuming a stored delivery).
import "server-only";
import type { WebhookSource, WebhookSourceName } from "./source";
import { stripeWebhooks } from "./stripe/source";
import { upstreamWebhooks } from "./upstream/source";

export function webhookSource(name: WebhookSourceName): WebhookSource<unknown> {
  return (name === "stripe" ? stripeWebhooks() : upstreamWebhooks) as WebhookSource<unknown>;
}
