// What the settings page may say about the webhook signing secrets: whether each is set and
// when the rotation window ends. Never the secrets themselves.
import "server-only";
import { env } from "@/lib/env";

export type WebhookSecretStatus = {
  currentConfigured: boolean;
  previousConfigured: boolean;
  previousUntil: string | null;
  /** The previous secret still verifies deliveries right now. */
  previousActive: boolean;
};

/** Status of UPSTREAM_WEBHOOK_SECRET / _PREVIOUS / _PREVIOUS_UNTIL at `now`. */
export function getWebhookSecretStatus(now: Date = new Date()): WebhookSecretStatus {
  const until = env.UPSTREAM_WEBHOOK_PREVIOUS_UNTIL ?? null;
  const previousConfigured = Boolean(env.UPSTREAM_WEBHOOK_SECRET_PREVIOUS);
  return {
    currentConfigured: Boolean(env.UPSTREAM_WEBHOOK_SECRET),
    previousConfigured,
    previousUntil: until,
    previousActive: previousConfigured && until !== null && now.getTime() < Date.parse(until),
  };
}
