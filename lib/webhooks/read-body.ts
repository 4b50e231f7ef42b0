// Webhook bodies (upstream and Stripe): the exact bytes the HMAC is computed over, read through
// the app's one capped body reader (lib/http/read-body.ts) with the webhook cap.
import { bodyLimits, readBodyBytes, type BodyRead } from "@/lib/http/read-body";

/** Largest webhook body accepted; real deliveries are a few hundred bytes. */
export const maxWebhookBodyBytes = bodyLimits.webhook;

export type RawBody = BodyRead;

/** Returns the exact bytes, or a short prefix (for the log) once the cap is passed. */
export function readRawBody(request: Request, limit: number = maxWebhookBodyBytes): Promise<RawBody> {
  return readBodyBytes(request, limit);
}
