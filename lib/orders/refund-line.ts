// Refunds: a line whose failure is final gets its money back automatically, and staff may take
// back a delivered line; both through the payment provider, once (Refund.lineId is unique),
// and the shopper is told why.
import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { sendEmail } from "@/lib/mail/send-email";
import { getPaymentProvider } from "@/lib/payments";
import { orderUrl, sendLineRefundedEmail } from "./order-emails";
import { transitionLine, type Cause } from "./transition";
import { nextRetryAt } from "./schedule";

/** Refunds one failed line (only that line: partial orders keep their delivered lines). */
export async function refundFailedLine(lineId: string, opts: { now: Date; cause: Cause }): Promise<"refunded" | "retry" | "skipped"> {
  const line = await db.orderLine.findUnique({ where: { id: lineId }, include: { order: true, refund: true } });
  if (!line || line.status !== "failed") return "skipped";
  const payment = await db.payment.findFirst({ where: { orderId: line.orderId, status: "succeeded" } });
  if (!payment) return "skipped";
  const reason = line.failureReason ?? "We could not deliver this item.";
  // The Refund row exists before the provider is called, so a crash never refunds twice.
  const refund =
    line.refund ??
    (await db.refund.create({
      data: { orderId: line.orderId, paymentId: payment.id, lineId, amount: line.lineTotal, currency: line.currency, status: "pending", reason, createdAt: opts.now },
    }));
  if (refund.status !== "succeeded") {
    const result = await getPaymentProvider().refund({
      providerRef: payment.providerRef,
      amount: refund.amount,
      currency: refund.currency,
      reason,
      idempotencyKey: refund.id,
    });
    if (result.status !== "succeeded") {
      await db.refund.update({ where: { id: refund.id }, data: { status: "failed" } });
      await db.orderLine.update({ where: { id: lineId }, data: { nextCheckAt: nextRetryAt(opts.now, 3), checks: { increment: 1 } } });
      return "retry";
    }
    await db.refund.update({ where: { id: refund.id }, data: { status: "succeeded", providerRef: result.providerRef } });
  }
  const moved = await transitionLine(lineId, "failed", "refunded", {
    cause: opts.cause,
    message: `Refunded ${refund.amount.toFixed(2)} ${refund.currency}: ${reason}`,
    data: { nextCheckAt: null, fieldsEnc: null },
    now: opts.now,
  });
  if (moved) await sendLineRefundedEmail(line.order, line, refund.amount.toFixed(2), refund.currency, reason);
  return "refunded";
}

/**
 * Staff refund of a delivered line (e.g. a faulty card): the only way a delivery is taken back.
 * Same once-only Refund row and provider idempotency key as the automatic path; the caller has
 * already checked the permission and the staff refund limit. "failed" leaves the line delivered
 * so staff can try again (the retry reuses the same Refund row and key).
 */
export async function refundDeliveredLine(
  lineId: string,
  opts: { now: Date; reason: string; actorId: string },
): Promise<"refunded" | "failed" | "skipped"> {
  const line = await db.orderLine.findUnique({ where: { id: lineId }, include: { order: true, refund: true } });
  if (!line || line.status !== "delivered") return "skipped";
  const payment = await db.payment.findFirst({ where: { orderId: line.orderId, status: "succeeded" } });
  if (!payment) return "skipped";
  const refund =
    line.refund ??
    (await db.refund.create({
      data: { orderId: line.orderId, paymentId: payment.id, lineId, amount: line.lineTotal, currency: line.currency, status: "pending", reason: opts.reason, createdAt: opts.now },
    }));
  if (refund.status !== "succeeded") {
    const result = await getPaymentProvider().refund({
      providerRef: payment.providerRef,
      amount: refund.amount,
      currency: refund.currency,
      reason: refund.reason,
      idempotencyKey: refund.id,
    });
    if (result.status !== "succeeded") {
      await db.refund.update({ where: { id: refund.id }, data: { status: "failed" } });
      return "failed";
    }
    await db.refund.update({ where: { id: refund.id }, data: { status: "succeeded", providerRef: result.providerRef } });
  }
  const amount = refund.amount.toFixed(2);
  const moved = await transitionLine(lineId, "delivered", "refunded", {
    cause: "staff",
    causeRef: opts.actorId,
    message: `Refunded ${amount} ${refund.currency} by the shop.`,
    data: { nextCheckAt: null },
    now: opts.now,
  });
  if (moved) {
    await sendEmail({
      to: line.order.email,
      orderId: line.orderId,
      kind: "refunded",
      dedupeKey: `${line.id}:refunded`,
      subject: `${env.SHOP_NAME}: refund for ${line.productName}`,
      text: `We refunded ${amount} ${refund.currency} for ${line.productName} to your payment method.\nReason: ${opts.reason}\n\nOrder: ${orderUrl(line.order.token)}\n`,
    });
  }
  return moved ? "refunded" : "skipped";
}
