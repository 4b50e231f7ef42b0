// What a verified Stripe event does to the shop: the ONLY way a Stripe payment becomes paid.
// Amount and currency must match the order or the payment is held; expiry cancels the order.
import "server-only";
import type Stripe from "stripe";
import { db } from "@/lib/db";
import { markPaymentFailed, markPaymentHeld, markPaymentSucceeded } from "@/lib/orders/confirm-payment";
import { fromMinorUnits, toMinorUnits } from "./amounts";

export type StripeEventOutcome = { status: "processed" | "ignored"; reason: string; paidOrderId?: string };

const handled = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded", "checkout.session.async_payment_failed", "checkout.session.expired"]);

/** Why a reported payment does not match its order; null when it does. */
function mismatch(session: Stripe.Checkout.Session, payment: { orderId: string; amount: { toFixed(n: number): string }; currency: string }): string | null {
  if (session.metadata?.order_id !== payment.orderId) return "the Stripe session names another order";
  const expected = toMinorUnits(payment.amount.toFixed(2), payment.currency);
  const currency = (session.currency ?? "").toUpperCase();
  if (currency !== payment.currency.toUpperCase() || session.amount_total !== expected) {
    const got = session.amount_total === null ? "no amount" : `${fromMinorUnits(session.amount_total, currency || payment.currency).toString()} ${currency || "?"}`;
    return `Stripe reported ${got}, the order total is ${payment.amount.toFixed(2)} ${payment.currency}`;
  }
  return null;
}

/** Applies one Stripe event (already verified and claimed) and says what happened, for the log. */
export async function handleStripeEvent(event: Stripe.Event, now: Date): Promise<StripeEventOutcome> {
  if (!handled.has(event.type)) return { status: "ignored", reason: "event_not_handled" };
  const session = event.data.object as Stripe.Checkout.Session;
  const payment = await db.payment.findUnique({ where: { providerRef: session.id } });
  if (!payment || payment.provider !== "stripe") return { status: "ignored", reason: "unknown_session" };
  const opts = { now, cause: "webhook" as const };

  if (event.type === "checkout.session.expired" || event.type === "checkout.session.async_payment_failed") {
    const reason =
      event.type === "checkout.session.expired" ? "The payment page expired. Nothing was charged." : "Your payment did not go through. Nothing was charged.";
    const moved = await markPaymentFailed(payment.id, reason, opts);
    return moved ? { status: "processed", reason: "order_cancelled" } : { status: "ignored", reason: `payment_already_${payment.status}` };
  }

  if (session.payment_status !== "paid") return { status: "processed", reason: "awaiting_async_payment" };
  if (payment.status !== "pending") {
    // Money arrived for a payment that is no longer open (e.g. already held or cancelled).
    const reason = payment.status === "succeeded" ? "payment_already_succeeded" : `paid_but_payment_${payment.status}: staff must review/refund`;
    return { status: "ignored", reason };
  }
  const problem = mismatch(session, payment);
  if (problem) {
    await markPaymentHeld(payment.id, problem, opts);
    return { status: "processed", reason: `held: ${problem}` };
  }
  const paid = await markPaymentSucceeded(payment.id, opts);
  return paid ? { status: "processed", reason: "paid", paidOrderId: payment.orderId } : { status: "ignored", reason: "payment_not_pending" };
}
