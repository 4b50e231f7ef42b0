// Payment outcome → order state: confirmed payments make the order and every line `paid` in
// one transaction (so a crash can't leave a paid order with unpaid lines); declines cancel.
import "server-only";
import { db } from "@/lib/db";
import { sendOrderReceivedEmail } from "./order-emails";
import { transitionLine, transitionOrder, type Cause } from "./transition";

/** Marks a payment succeeded and the order paid; lines become due for purchase now (M1). */
export async function markPaymentSucceeded(paymentId: string, opts: { now: Date; cause: Cause }): Promise<boolean> {
  const done = await db.$transaction(async (tx) => {
    const moved = await tx.payment.updateMany({
      where: { id: paymentId, status: "pending" },
      data: { status: "succeeded", confirmedAt: opts.now },
    });
    if (moved.count !== 1) return null;
    const payment = await tx.payment.findUniqueOrThrow({ where: { id: paymentId }, include: { order: { include: { lines: true } } } });
    const base = { cause: opts.cause, causeRef: payment.providerRef, now: opts.now };
    await transitionOrder(payment.orderId, "awaiting_payment", "paid", { ...base, message: `Payment of ${payment.amount.toFixed(2)} ${payment.currency} confirmed.` }, tx);
    for (const line of payment.order.lines) {
      await transitionLine(line.id, "awaiting_payment", "paid", { ...base, message: "Paid.", data: { nextCheckAt: opts.now } }, tx);
    }
    return payment.order;
  });
  if (done) await sendOrderReceivedEmail(done);
  return done !== null;
}

/** Marks a payment failed and cancels the order and its lines; nothing is bought. */
export async function markPaymentFailed(paymentId: string, reason: string, opts: { now: Date; cause: Cause }): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const moved = await tx.payment.updateMany({ where: { id: paymentId, status: "pending" }, data: { status: "failed", failureReason: reason } });
    if (moved.count !== 1) return false;
    const payment = await tx.payment.findUniqueOrThrow({ where: { id: paymentId }, include: { order: { include: { lines: true } } } });
    const base = { cause: opts.cause, causeRef: payment.providerRef, now: opts.now };
    await transitionOrder(payment.orderId, "awaiting_payment", "cancelled", { ...base, message: reason }, tx);
    for (const line of payment.order.lines) {
      // M6: a cancelled line ends here, so its top-up fields are wiped like any ended line's.
      await transitionLine(line.id, "awaiting_payment", "cancelled", { ...base, message: "Not charged.", data: { fieldsEnc: null, nextCheckAt: null } }, tx);
    }
    return true;
  });
}

/**
 * Holds a payment the provider reported with the wrong amount or currency: the order stays
 * awaiting payment, nothing is bought upstream; the reason (for staff) is Payment.failureReason.
 */
export async function markPaymentHeld(paymentId: string, reason: string, opts: { now: Date; cause: Cause }): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const moved = await tx.payment.updateMany({ where: { id: paymentId, status: "pending" }, data: { status: "held", failureReason: reason } });
    if (moved.count !== 1) return false;
    const payment = await tx.payment.findUniqueOrThrow({ where: { id: paymentId } });
    await tx.orderEvent.create({
      data: { orderId: payment.orderId, kind: "payment", cause: opts.cause, causeRef: payment.providerRef, message: "Your payment is being checked by our staff before anything is delivered.", createdAt: opts.now },
    });
    return true;
  });
}
