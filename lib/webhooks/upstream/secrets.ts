// The webhook signing secrets accepted right now: the current one, and the previous one
// only inside its rotation window. Read from env; never logged or stored.
import "server-only";
import { env } from "@/lib/env";
import type { SigningSecret } from "@/lib/webhooks/upstream/verify";

/**
 * Secrets to try for a delivery received at `nowMs`. The previous secret needs an explicit
 * UPSTREAM_WEBHOOK_PREVIOUS_UNTIL: without an end date it is never accepted (fail closed).
 */
export function getAcceptedSecrets(nowMs: number): SigningSecret[] {
  const secrets: SigningSecret[] = [];
  if (env.UPSTREAM_WEBHOOK_SECRET) secrets.push({ label: "current", secret: env.UPSTREAM_WEBHOOK_SECRET });
  const previous = env.UPSTREAM_WEBHOOK_SECRET_PREVIOUS;
  const until = env.UPSTREAM_WEBHOOK_PREVIOUS_UNTIL;
  if (previous && until && nowMs < Date.parse(until)) secrets.push({ label: "previous", secret: previous });
  return secrets;
}
