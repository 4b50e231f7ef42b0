// Refunds of one line: automatically when its failure is final, for the codes a short delivery
// did not bring, and by staff for a delivered line. All go through lib/orders/refunds/refunds.ts (one
// claim-call-record path); these decide only which refund and how much.
import "server-only";
import { db, Prisma } from "@/lib/db";
import { requestRefund, refundedForLine, runRefund, walletRefundedForLine, type RefundRun } from "./refunds";
import { walletLineTotalOf, walletUnitPriceOf } from "../core/wallet-figures";
import type { Cause } from "../core/transition";

/** The order's captured payment, the one refunds of its lines go back to. */
async function capturedPayment(orderId: string) {
  return db.payment.findFirst({ where: { orderId, status: "succeeded" } });
}

/**
 * Refunds one failed line (only that line: partial orders keep their delivered lines). Safe to
 * call from several paths at once: the refund row is created once and claimed once.
 */
export async function refundFailedLine(
  lineId: string,
  opts: { now: Date; cause?: Cause; retryFailed?: boolean; actorId?: string },
): Promise<RefundRun | "skipped"> {
  const line = await db.orderLine.findUnique({ where: { id: lineId } });
  if (!line || line.status !== "failed") return "skipped";
  const payment = await capturedPayment(line.orderId);
  if (!payment) return "skipped";
  const refund = await requestRefund(
    {
      orderId: line.orderId,
      paymentId: payment.id,
      lineId,
      kind: "failed_line",
      amount: line.lineTotal,
      currency: line.currency,
      walletAmount: walletLineTotalOf(line),
      reason: line.failureReason ?? "We could not deliver this item.",
      requestedBy: opts.actorId,
      now: opts.now,
    },
    { retryFailed: opts.retryFailed },
  );
  // From here the refund row carries the work (and its own retry schedule): the line is no
  // longer due, so a refund that keeps failing never crowds other lines out of the reconciler.
  await db.orderLine.updateMany({ where: { id: lineId, status: "failed" }, data: { nextCheckAt: null } });
  // Refused by the provider for good: staff see it on the line; no automatic loop.
  if (refund.status === "failed") return "failed";
  return runRefund(refund.id, { now: opts.now });
}

/** Gives back the part of a line the supplier did not deliver (unit price × missing codes). */
export async function refundShortDelivery(lineId: string, opts: { now: Date }): Promise<RefundRun | "skipped"> {
  const line = await db.orderLine.findUnique({ where: { id: lineId } });
  if (!line || line.status !== "delivered" || line.deliveredQuantity == null || line.deliveredQuantity >= line.quantity)
    return "skipped";
  const payment = await capturedPayment(line.orderId);
  if (!payment) return "skipped";
  const missing = line.quantity - line.deliveredQuantity;
  const refund = await requestRefund({
    orderId: line.orderId,
    paymentId: payment.id,
    lineId,
    kind: "short_delivery",
    amount: line.unitPrice.times(missing),
    currency: line.currency,
    walletAmount: walletUnitPriceOf(line).times(missing),
    reason: `The supplier delivered ${line.deliveredQuantity} of ${line.quantity} codes.`,
    now: opts.now,
  });
  return runRefund(refund.id, { now: opts.now });
}

/**
 * Staff refund of a delivered line (e.g. a faulty card): the only way a delivery is taken back.
 * Gives back what is left of the line after any earlier refund (a short delivery's). The caller
 * has checked the permission and the staff refund limit. "failed": the provider refused; the line
 * stays delivered and asking again opens a new attempt. "in_progress": the outcome is not known
 * yet; the reconciler finishes it with the same idempotency key.
 */
export async function refundDeliveredLine(
  lineId: string,
  opts: { now: Date; reason: string; actorId: string },
): Promise<"refunded" | "failed" | "in_progress" | "skipped"> {
  const line = await db.orderLine.findUnique({ where: { id: lineId } });
  if (!line || line.status !== "delivered") return "skipped";
  const payment = await capturedPayment(line.orderId);
  if (!payment) return "skipped";
  const left = line.lineTotal.minus(await refundedForLine(lineId));
  if (left.lessThanOrEqualTo(0)) return "skipped";
  const refund = await requestRefund(
    {
      orderId: line.orderId,
      paymentId: payment.id,
      lineId,
      kind: "staff",
      amount: left,
      currency: line.currency,
      walletAmount: walletLineTotalOf(line).minus(await walletRefundedForLine(lineId)),
      reason: opts.reason,
      requestedBy: opts.actorId,
      now: opts.now,
    },
    { retryFailed: true },
  );
  const run = await runRefund(refund.id, { now: opts.now });
  if (run === "succeeded") return "refunded";
  if (run === "failed") return "failed";
  const current = await db.refund.findUniqueOrThrow({ where: { id: refund.id } });
  return current.status === "succeeded" ? "refunded" : current.status === "failed" ? "failed" : "in_progress";
}

/**
 * What a staff refund of this line would give back now, in the wallet currency (the limit check
 * needs it before asking): the staff refund limit is the owner's, in it (STAFF_REFUND_LIMIT).
 */
export async function refundableWalletAmount(lineId: string): Promise<Prisma.Decimal> {
  const line = await db.orderLine.findUniqueOrThrow({ where: { id: lineId } });
  return walletLineTotalOf(line).minus(await walletRefundedForLine(lineId));
}
