// Staff's way out of a HELD payment (the provider reported another amount, currency or order):
// release it (accept the money: the order is paid and bought as usual) or refund it in full
// (the order is cancelled and nothing is ever bought). Callers check permissions and limits.
import "server-only";
import { db, Prisma } from "@/lib/db";
import { env } from "@/lib/env";
import { sendEmail } from "@/lib/mail/send-email";
import { getPaymentProvider } from "@/lib/payments";
import { orderUrl, sendOrderReceivedEmail } from "./order-emails";
import { fulfilPaidOrder } from "./reconcile";
import { transitionLine, transitionOrder } from "./transition";

export type HeldPaymentOptions = { actorId: string; reason: string; now: Date };

/** Refund-only: says whether this actor may give back this amount (checked before the provider is called). */
export type RefundAllowed = (amount: Prisma.Decimal, currency: string) => boolean;

class OrderNotOpenError extends Error {}

/** The Refund row of a held payment's full refund: one per payment, so its id is the provider key. */
export function heldRefundId(paymentId: string): string {
  return `held_${paymentId}`;
}

/**
 * Accepts a held payment: payment succeeded, order and lines paid (through the transition
 * function, cause staff) in one transaction, then the lines are bought right away. Only a payment
 * still "held" on an order still awaiting payment moves, so a second call changes nothing.
 */
export async function releaseHeldPayment(paymentId: string, opts: HeldPaymentOptions): Promise<"released" | "not_held" | "order_not_open"> {
  let order: { id: string; token: string; email: string } | null;
  try {
    order = await db.$transaction(async (tx) => {
      const moved = await tx.payment.updateMany({ where: { id: paymentId, status: "held" }, data: { status: "succeeded", confirmedAt: opts.now } });
      if (moved.count !== 1) return null;
      const payment = await tx.payment.findUniqueOrThrow({ where: { id: paymentId }, include: { order: { include: { lines: true } } } });
      const base = { cause: "staff" as const, causeRef: opts.actorId, now: opts.now };
      const message = `Payment of ${payment.amount.toFixed(2)} ${payment.currency} checked and accepted by the shop.`;
      if (!(await transitionOrder(payment.orderId, "awaiting_payment", "paid", { ...base, message }, tx))) throw new OrderNotOpenError();
      for (const line of payment.order.lines) {
        await transitionLine(line.id, "awaiting_payment", "paid", { ...base, message: "Paid.", data: { nextCheckAt: opts.now } }, tx);
      }
      return payment.order;
    });
  } catch (err) {
    if (err instanceof OrderNotOpenError) return "order_not_open";
    throw err;
  }
  if (!order) return "not_held";
  await sendOrderReceivedEmail(order);
  await fulfilPaidOrder(order.id, opts.now);
  return "released";
}

export type HeldRefundResult =
  | { result: "refunded" | "failed"; amount: Prisma.Decimal; currency: string; failureReason?: string }
  | { result: "not_held" }
  | { result: "over_limit"; amount: Prisma.Decimal; currency: string };

/** The amount to give back: what the provider captured, else the amount the shop recorded. */
async function capturedAmount(payment: { providerRef: string; amount: Prisma.Decimal; currency: string }) {
  const provider = getPaymentProvider();
  const captured = provider.capturedAmount ? await provider.capturedAmount(payment.providerRef) : null;
  return captured ?? { amount: payment.amount, currency: payment.currency };
}

/**
 * Refunds a held payment in full and cancels its order (nothing is bought upstream). The Refund
 * row exists before the provider is called and its id is the idempotency key, so a retry after
 * the provider refused (the payment stays held) reuses the same row and key and never pays twice.
 */
export async function refundHeldPayment(paymentId: string, opts: HeldPaymentOptions & { allowed?: RefundAllowed }): Promise<HeldRefundResult> {
  const payment = await db.payment.findUnique({ where: { id: paymentId }, include: { order: true } });
  if (!payment || payment.status !== "held") return { result: "not_held" };
  let refund = await db.refund.findUnique({ where: { id: heldRefundId(paymentId) } });
  if (!refund) {
    let captured: { amount: Prisma.Decimal; currency: string };
    try {
      captured = await capturedAmount(payment);
    } catch (err) {
      console.error("held refund: reading the captured amount failed", err instanceof Error ? err.name : "error");
      return { result: "failed", amount: payment.amount, currency: payment.currency, failureReason: "The payment provider could not be reached." };
    }
    if (opts.allowed && !opts.allowed(captured.amount, captured.currency)) return { result: "over_limit", ...captured };
    refund = await createRefundRow(payment, captured, opts);
  }
  if (opts.allowed && !opts.allowed(refund.amount, refund.currency)) return { result: "over_limit", amount: refund.amount, currency: refund.currency };
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
      return { result: "failed", amount: refund.amount, currency: refund.currency, failureReason: result.failureReason };
    }
    refund = await db.refund.update({ where: { id: refund.id }, data: { status: "succeeded", providerRef: result.providerRef } });
  }
  const amount = refund.amount.toFixed(2);
  const cancelled = await db.$transaction(async (tx) => {
    const moved = await tx.payment.updateMany({ where: { id: paymentId, status: "held" }, data: { status: "refunded" } });
    if (moved.count !== 1) return false;
    const order = await tx.order.findUniqueOrThrow({ where: { id: payment.orderId }, include: { lines: true } });
    const base = { cause: "staff" as const, causeRef: opts.actorId, now: opts.now };
    await transitionOrder(order.id, "awaiting_payment", "cancelled", { ...base, message: `Your payment of ${amount} ${refund.currency} was refunded in full.` }, tx);
    for (const line of order.lines) {
      await transitionLine(line.id, "awaiting_payment", "cancelled", { ...base, message: "Not delivered: refunded.", data: { fieldsEnc: null, nextCheckAt: null } }, tx);
    }
    return true;
  });
  if (!cancelled) return { result: "not_held" };
  await sendEmail({
    to: payment.order.email,
    orderId: payment.orderId,
    kind: "refunded",
    dedupeKey: `${refund.id}:refunded`,
    subject: `${env.SHOP_NAME}: your payment was refunded`,
    text: `We refunded your payment of ${amount} ${refund.currency} in full and cancelled the order; nothing was delivered.\nReason: ${opts.reason}\n\nOrder: ${orderUrl(payment.order.token)}\n`,
  });
  return { result: "refunded", amount: refund.amount, currency: refund.currency };
}

/** Creates the payment's one full-refund row; a concurrent creator's row wins (same id). */
async function createRefundRow(
  payment: { id: string; orderId: string },
  captured: { amount: Prisma.Decimal; currency: string },
  opts: HeldPaymentOptions,
) {
  try {
    return await db.refund.create({
      data: { id: heldRefundId(payment.id), orderId: payment.orderId, paymentId: payment.id, lineId: null, amount: captured.amount, currency: captured.currency, status: "pending", reason: opts.reason, createdAt: opts.now },
    });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") {
      return db.refund.findUniqueOrThrow({ where: { id: heldRefundId(payment.id) } });
    }
    throw err;
  }
}
