// The Stripe Checkout provider: checkout creates a hosted Checkout Session and redirects the
// shopper; only a signed webhook confirms (see handle-event.ts). Refunds go through the
// Refunds API, one idempotency key per shop refund.
import "server-only";
import type Stripe from "stripe";
import { env } from "@/lib/env";
import type { PaymentProvider, PaymentStatus } from "../provider";
import { fromMinorUnits, toMinorUnits } from "./amounts";
import { createStripeClient, type StripeClientConfig } from "./client";
import { buildSessionParams, sessionIdempotencyKey } from "./session-params";
import { verifyStripeEvent } from "./verify-event";

const method = "Stripe Checkout";
/** A session past its expiry is looked at most this often (a completed one waits for its webhook). */
const recheckMs = 10 * 60_000;

/** Builds the provider; the client is created once from the given (or environment) keys. */
export function createStripeProvider(config: StripeClientConfig, opts: { stripe?: Stripe } = {}): PaymentProvider {
  const stripe = opts.stripe ?? createStripeClient(config);
  const lastRetrieved = new Map<string, number>();
  return {
    name: "stripe",
    kind: "redirect",
    async createPayment(input) {
      try {
        const session = await stripe.checkout.sessions.create(buildSessionParams(input), { idempotencyKey: sessionIdempotencyKey(input.orderId) });
        if (!session.url) throw new Error("session without url");
        return { providerRef: session.id, status: "requires_redirect", redirectUrl: session.url, method };
      } catch (err) {
        console.error("stripe: create session failed", err instanceof Error ? err.name : "error");
        return {
          providerRef: `stripe_unstarted_${input.orderId}`,
          status: "failed",
          method,
          failureReason: "We could not open the payment page. Nothing was charged; please try again.",
        };
      }
    },
    async confirmPayment(ref, now, payment) {
      // Confirmation is the webhook's job; this only notices sessions that have expired.
      const graceMs = (env.STRIPE_SESSION_TTL_MIN + 5) * 60_000;
      if (payment && now.getTime() < payment.createdAt.getTime() + graceMs) return { status: "pending" };
      if (!ref.startsWith("cs_")) return { status: "pending" }; // not a Stripe session (e.g. made before the switch)
      const last = lastRetrieved.get(ref);
      if (last !== undefined && now.getTime() - last < recheckMs) return { status: "pending" };
      lastRetrieved.set(ref, now.getTime());
      if (lastRetrieved.size > 1000) lastRetrieved.delete(lastRetrieved.keys().next().value!);
      try {
        const session = await stripe.checkout.sessions.retrieve(ref);
        if (session.status === "expired") {
          lastRetrieved.delete(ref);
          return { status: "failed", failureReason: "The payment page expired. Nothing was charged." };
        }
      } catch (err) {
        console.error("stripe: retrieve session failed", err instanceof Error ? err.name : "error");
      }
      return { status: "pending" };
    },
    async refund({ providerRef, amount, currency, reason, idempotencyKey }) {
      try {
        const session = await stripe.checkout.sessions.retrieve(providerRef);
        const intent = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
        if (!intent) return { providerRef: "", status: "failed", failureReason: "no payment to refund" };
        const refund = await stripe.refunds.create(
          { payment_intent: intent, amount: toMinorUnits(amount, currency), metadata: { shop_refund_id: idempotencyKey, reason: reason.slice(0, 450) } },
          { idempotencyKey: `shop-refund-${idempotencyKey}` },
        );
        // "pending" means Stripe accepted it and the money is on its way.
        if (refund.status === "succeeded" || refund.status === "pending") return { providerRef: refund.id, status: "succeeded" };
        return { providerRef: refund.id, status: "failed", failureReason: refund.failure_reason ?? `refund ${refund.status ?? "failed"}` };
      } catch (err) {
        const message = err instanceof Error ? err.message : "error";
        return { providerRef: "", status: "failed", failureReason: message.slice(0, 200) };
      }
    },
    async capturedAmount(providerRef) {
      // The session's amount_total is what the shopper paid (held payments: not the order total).
      const session = await stripe.checkout.sessions.retrieve(providerRef);
      if (session.payment_status !== "paid" || session.amount_total === null || !session.currency) return null;
      const currency = session.currency.toUpperCase();
      return { amount: fromMinorUnits(session.amount_total, currency), currency };
    },
    async verifyCallback(rawBody, signature) {
      const result = verifyStripeEvent(Buffer.from(rawBody), signature, env.STRIPE_WEBHOOK_SECRET);
      if (!result.ok || !result.event.type.startsWith("checkout.session.")) return null;
      const session = result.event.data.object as Stripe.Checkout.Session;
      const status: PaymentStatus =
        result.event.type === "checkout.session.expired" || result.event.type === "checkout.session.async_payment_failed"
          ? "failed"
          : session.payment_status === "paid"
            ? "succeeded"
            : "pending";
      return { providerRef: session.id, status };
    },
  };
}
