// Stripe webhook authentication with the official library: constructEvent over the exact raw
// bytes, the endpoint's secret and the library's 5-minute timestamp tolerance.
import "server-only";
import Stripe from "stripe";

export type StripeRejectReason =
  "not_configured" | "missing_signature" | "stale_timestamp" | "bad_signature" | "malformed_body";
export type StripeVerifyResult = { ok: true; event: Stripe.Event } | { ok: false; reason: StripeRejectReason };

/** Verifies and parses one delivery; nowMs lets tests move the clock instead of sleeping. */
export function verifyStripeEvent(
  raw: Uint8Array,
  signature: string | null,
  secret: string | undefined,
  nowMs?: number,
): StripeVerifyResult {
  if (!secret) return { ok: false, reason: "not_configured" };
  if (!signature) return { ok: false, reason: "missing_signature" };
  try {
    const event = Stripe.webhooks.constructEvent(
      Buffer.from(raw),
      signature,
      secret,
      Stripe.webhooks.DEFAULT_TOLERANCE,
      undefined,
      nowMs,
    );
    if (!event || typeof event.id !== "string" || typeof event.type !== "string")
      return { ok: false, reason: "malformed_body" };
    return { ok: true, event };
  } catch (err) {
    if (err instanceof Stripe.errors.StripeSignatureVerificationError) {
      return { ok: false, reason: /tolerance/i.test(err.message) ? "stale_timestamp" : "bad_signature" };
    }
    return { ok: false, reason: "malformed_body" };
  }
}
