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

/** How long an order may wait for its first payment attempt before it counts as abandoned. */
export const abandonedCheckoutMs = 15 * 60_000;

/**
 * Cancels orders that never got a payment attempt: the process placing them stopped between
 * creating the order and asking the provider (a crash, a killed instance, a provider error).
 * Nothing was charged and nothing bought; the shopper's order page says so. Returns how many.
 */
export async function cancelAbandonedCheckouts(now: Date): Promise<number> {
  const stale = await db.order.findMany({
    where: { status: "awaiting_payment", createdAt: { lt: new Date(now.getTime() - abandonedCheckoutMs) }, payments: { none: {} } },
    select: { id: true },
    take: 50,
  });
  let cancelled = 0;
  for (const { id } of stale) {
    const done = await db.$transaction(async (tx) => {
      // A payment attempt that appeared since the query keeps the order open.
      if ((await tx.payment.count({ where: { orderId: id } })) > 0) return false;
      const message = "Checkout was not completed. Nothing was charged.";
      if (!(await transitionOrder(id, "awaiting_payment", "cancelled", { cause: "reconciler", message, now }, tx))) return false;
      for (const line of await tx.orderLine.findMany({ where: { orderId: id }, select: { id: true } })) {
        await transitionLine(line.id, "awaiting_payment", "cancelled", { cause: "reconciler", message: "Not charged.", data: { fieldsEnc: null, nextCheckAt: null }, now }, tx);
      }
      return true;
    });
    if (done) cancelled++;
  }
  return cancelled;
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
