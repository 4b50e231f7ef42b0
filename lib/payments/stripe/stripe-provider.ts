// The Stripe Checkout provider: checkout creates a hosted Checkout Session and redirects the
// shopper; only a signed webhook confirms (see lib/webhooks/stripe/apply.ts). Refunds go through the
// Refunds API, one idempotency key per shop refund.
import "server-only";
import StripeLib from "stripe";
import type Stripe from "stripe";
import { Prisma } from "@prisma/client";
import type { CapturedFacts, PaymentProvider } from "../provider";
import { stripeListedMinimum, stripeMinimumCharge } from "@/lib/markets/currencies";
import { fromMinorUnits, toMinorUnits } from "./amounts";
import { createStripeClient, type StripeClientConfig } from "./client";
import { buildSessionParams, sessionIdempotencyKey } from "./session-params";
import { log } from "@/lib/log";

const method = "Stripe Checkout";

/** What a session says the shopper paid, and for which shop order. */
export function capturedFacts(session: Stripe.Checkout.Session): CapturedFacts {
  const currency = (session.currency ?? "").toUpperCase();
  const amount =
    session.amount_total === null ? new Prisma.Decimal(-1) : fromMinorUnits(session.amount_total, currency || "USD");
  return { amount, currency, orderId: session.metadata?.order_id };
}

/** Builds the provider; the client is created once from the given (or environment) keys. */
export function createStripeProvider(config: StripeClientConfig, opts: { stripe?: Stripe } = {}): PaymentProvider {
  const stripe = opts.stripe ?? createStripeClient(config);
  return {
    name: "stripe",
    kind: "redirect",
    async createPayment(input) {
      try {
        const session = await stripe.checkout.sessions.create(buildSessionParams(input), {
          idempotencyKey: sessionIdempotencyKey(input.orderId),
        });
        if (!session.url) throw new Error("session without url");
        return { providerRef: session.id, status: "requires_redirect", redirectUrl: session.url, method };
      } catch (err) {
        log.error({ err, orderId: input.orderId }, "stripe: create session failed");
        return {
          providerRef: `stripe_unstarted_${input.orderId}`,
          status: "failed",
          method,
          failureReason: "We could not open the payment page. Nothing was charged; please try again.",
        };
      }
    },
    async confirmPayment(ref) {
      // The webhook normally confirms; this is the safety net for a lost or unapplied event. It
      // reports what Stripe captured, and the shop checks it against the order like the webhook.
      if (!ref.startsWith("cs_")) return { status: "pending" }; // not a Stripe session (made before the switch)
      const session = await stripe.checkout.sessions.retrieve(ref);
      if (session.status === "expired")
        return { status: "failed", failureReason: "The payment page expired. Nothing was charged." };
      if (session.status !== "complete" || session.payment_status !== "paid") return { status: "pending" };
      return { status: "succeeded", captured: capturedFacts(session) };
    },
    async lookupPayment() {
      // The session's URL reaches the shopper only after the shop recorded the session, so a
      // session the shop never recorded was never shown to anyone and cannot be paid.
      return { found: false };
    },
    async refund({ providerRef, amount, currency, reason, idempotencyKey }) {
      try {
        const session = await stripe.checkout.sessions.retrieve(providerRef);
        const intent = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
        if (!intent) return { providerRef: "", status: "failed", failureReason: "no payment to refund" };
        // Stripe keeps idempotency keys for 24 hours only: a refund retried later is looked up by
        // the shop's refund id first, so it can never be made twice.
        const earlier = await findShopRefund(stripe, intent, idempotencyKey);
        const refund =
          earlier ??
          (await stripe.refunds.create(
            {
              payment_intent: intent,
              amount: toMinorUnits(amount, currency),
              metadata: { shop_refund_id: idempotencyKey, reason: reason.slice(0, 450) },
            },
            { idempotencyKey: `shop-refund-${idempotencyKey}` },
          ));
        // "pending" means Stripe accepted it and the money is on its way.
        if (refund.status === "succeeded" || refund.status === "pending")
          return { providerRef: refund.id, status: "succeeded" };
        return {
          providerRef: refund.id,
          status: "failed",
          failureReason: refund.failure_reason ?? `refund ${refund.status ?? "failed"}`,
        };
      } catch (err) {
        // Only Stripe's own refusal of the request is final; a lost connection, a 5xx, a rate limit
        // or a key still in use may have refunded (or will): the caller retries with the same key.
        if (
          err instanceof StripeLib.errors.StripeInvalidRequestError ||
          err instanceof StripeLib.errors.StripeCardError
        ) {
          return { providerRef: "", status: "failed", failureReason: err.message.slice(0, 200) };
        }
        throw err;
      }
    },
    minimumCharge(currency, usdRate) {
      // Stripe's listed minimum, or the equivalent of 0.50 USD where it lists none (docs/markets.md#minor-units).
      const least = usdRate ? stripeMinimumCharge(currency, usdRate.toString()) : stripeListedMinimum(currency);
      return least ? new Prisma.Decimal(least.toString()) : null;
    },
    async capturedAmount(providerRef) {
      // The session's amount_total is what the shopper paid (held payments: not the order total).
      const session = await stripe.checkout.sessions.retrieve(providerRef);
      if (session.payment_status !== "paid" || session.amount_total === null || !session.currency) return null;
      const { amount, currency } = capturedFacts(session);
      return { amount, currency };
    },
  };
}

/** A refund the shop already asked for (by its own refund id in the metadata), if Stripe has it. */
async function findShopRefund(
  stripe: Stripe,
  paymentIntent: string,
  shopRefundId: string,
): Promise<Stripe.Refund | null> {
  for await (const refund of stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 })) {
    if (refund.metadata?.shop_refund_id === shopRefundId) return refund;
  }
  return null;
}
