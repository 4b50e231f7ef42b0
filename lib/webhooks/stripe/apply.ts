// What a verified Stripe event does to the shop: the way a Stripe payment normally becomes paid
// (the reconciler retrieving the session is the safety net for a lost event).
// Amount and currency must match the order or the payment is held; expiry cancels the order.
import "server-only";
import type Stripe from "stripe";
import { db } from "@/lib/db";
import { markPaymentFailed, markPaymentSucceeded, refundLateMoney } from "@/lib/orders/payment/confirm-payment";
import { capturedFacts } from "@/lib/payments/stripe/stripe-provider";

export type StripeEventOutcome = { status: "processed" | "ignored"; reason: string; paidOrderId?: string };

const handled = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
]);

/** Applies one Stripe event (already verified and claimed) and says what happened, for the log. */
export async function handleStripeEvent(event: Stripe.Event, now: Date): Promise<StripeEventOutcome> {
  if (!handled.has(event.type)) return { status: "ignored", reason: "event_not_handled" };
  const session = event.data.object as Stripe.Checkout.Session;
  const payment = await db.payment.findUnique({ where: { providerRef: session.id } });
  if (!payment || payment.provider !== "stripe") return { status: "ignored", reason: "unknown_session" };
  const opts = { now, cause: "webhook" as const, causeRef: event.id };

  if (event.type === "checkout.session.expired" || event.type === "checkout.session.async_payment_failed") {
    const reason =
      event.type === "checkout.session.expired"
        ? "The payment page expired. Nothing was charged."
        : "Your payment did not go through. Nothing was charged.";
    const moved = await markPaymentFailed(payment.id, reason, opts);
    return moved
      ? { status: "processed", reason: "order_cancelled" }
      : { status: "ignored", reason: `payment_already_${payment.status}` };
  }

  if (session.payment_status !== "paid") return { status: "processed", reason: "awaiting_async_payment" };
  const captured = capturedFacts(session);
  // Money for an attempt the shop had closed (its order ended): give it back, never keep it.
  if (payment.status === "failed") {
    const refunding = await refundLateMoney(payment.id, captured, opts);
    return refunding
      ? { status: "processed", reason: "late_payment_refunding" }
      : { status: "ignored", reason: "payment_not_failed" };
  }
  const result = await markPaymentSucceeded(payment.id, { ...opts, captured });
  if (result === "paid") return { status: "processed", reason: "paid", paidOrderId: payment.orderId };
  if (result === "held") return { status: "processed", reason: "held: amount, currency or order does not match" };
  if (result === "refunding") return { status: "processed", reason: "order_ended_refunding" };
  return { status: "ignored", reason: `payment_already_${payment.status}` };
}
