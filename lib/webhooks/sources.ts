// Every sender the inbox knows, by the name its log rows carry (resuming a stored delivery).
import "server-only";
import type { WebhookSource, WebhookSourceName } from "./source";
import { stripeWebhooks } from "./stripe/source";
import { upstreamWebhooksByName } from "./upstream/source";

/** The sender of that name; throws for a supplier the environment no longer configures. */
export function webhookSource(name: WebhookSourceName): WebhookSource<unknown> {
  if (name === "stripe") return stripeWebhooks() as WebhookSource<unknown>;
  const upstream = upstreamWebhooksByName(name);
  if (!upstream) throw new Error(`no webhook sender "${name}" is configured`);
  return upstream as WebhookSource<unknown>;
}
