// Staff's way out of a HELD payment (the provider reported another amount, currency or order, or
// refused a refund): release it (accept the money: the order is paid and bought as usual) or
// refund it in full (the order is cancelled and nothing is ever bought). Each side takes the
// payment out of `held` with a conditional move before anything else happens, so a release and
// a refund racing each other can never both win. Callers check permissions and limits.
import "server-only";
import { db, Prisma } from "@/lib/db";
import { getPaymentProvider } from "@/lib/payments";
import { sendOrderReceivedEmail } from "../core/order-emails";
import { fulfilPaidOrder } from "../fulfilment/fulfil-order";
import { requestRefund, runRefund } from "../refunds/refunds";
import { transitionLine, transitionOrder, transitionPayment } from "../core/transition";
import { log } from "@/lib/log";
import { say } from "../core/timeline-words";

export type HeldPaymentOptions = { actorId: string; reason: string; now: Date };

/** Refund-only: says whether this actor may give back this amount (checked before the provider is called). */
export type RefundAllowed = (amount: Prisma.Decimal, currency: string) => boolean;

class OrderNotOpenError extends Error {}

/**
 * Accepts a held payment: held → succeeded, order and lines paid, in one transaction (cause
 * staff), then the lines are bought right away. "not_held": it was released or is being refunded
 * by somebody else; "order_not_open": the order has ended (nothing changes).
 */
export async function releaseHeldPayment(
  paymentId: string,
  opts: HeldPaymentOptions,
): Promise<"released" | "not_held" | "order_not_open"> {
  let order: { id: string; token: string; email: string } | null;
  try {
    order = await db.$transaction(async (tx) => {
      const payment = await tx.payment.findUnique({
        where: { id: paymentId },
        include: { order: { include: { lines: true } } },
      });
      if (!payment) return null;
      const base = { cause: "staff" as const, causeRef: opts.actorId, now: opts.now };
      const message = `Payment of ${payment.amount.toFixed(2)} ${payment.currency} checked and accepted by the shop.`;
      if (
        !(await transitionPayment(
          paymentId,
          "held",
          "succeeded",
          { ...base, message, data: { confirmedAt: opts.now } },
          tx,
        ))
      )
        return null;
      if (!(await transitionOrder(payment.orderId, "awaiting_payment", "paid", { ...base, message }, tx)))
        throw new OrderNotOpenError();
      for (const line of payment.order.lines) {
        await transitionLine(
          line.id,
          "awaiting_payment",
          "paid",
          { ...base, ...say("paid"), data: { nextCheckAt: opts.now } },
          tx,
        );
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
  | { result: "refunded" | "failed" | "in_progress"; amount: Prisma.Decimal; currency: string; failureReason?: string }
  | { result: "not_held" }
  | { result: "over_limit"; amount: Prisma.Decimal; currency: string };

/** The amount to give back: what the provider captured, else the amount the shop recorded. */
async function capturedAmount(payment: { providerRef: string | null; amount: Prisma.Decimal; currency: string }) {
  const provider = getPaymentProvider();
  const captured =
    provider.capturedAmount && payment.providerRef ? await provider.capturedAmount(payment.providerRef) : null;
  return captured ?? { amount: payment.amount, currency: payment.currency };
}

/**
 * Refunds a held payment in full; the order is cancelled when the provider confirms (nothing is
 * bought upstream). The payment moves held → refunding together with the creation of its Refund
 * row BEFORE the provider is called; a refused refund puts it back to held for staff.
 */
export async function refundHeldPayment(
  paymentId: string,
  opts: HeldPaymentOptions & { allowed?: RefundAllowed },
): Promise<HeldRefundResult> {
  const payment = await db.payment.findUnique({ where: { id: paymentId } });
  if (!payment || payment.status !== "held") return { result: "not_held" };
  let captured: { amount: Prisma.Decimal; currency: string };
  try {
    captured = await capturedAmount(payment);
  } catch (err) {
    log.error({ err, paymentId }, "held refund: reading the captured amount failed");
    return {
      result: "failed",
      amount: payment.amount,
      currency: payment.currency,
      failureReason: "The payment provider could not be reached.",
    };
  }
  if (opts.allowed && !opts.allowed(captured.amount, captured.currency)) return { result: "over_limit", ...captured };
  const refundId = await db.$transaction(async (tx) => {
    const base = { cause: "staff" as const, causeRef: opts.actorId, now: opts.now };
    const claimed = await transitionPayment(paymentId, "held", "refunding", { ...base, ...say("heldRefunding") }, tx);
    if (!claimed) return null;
    const refund = await requestRefund(
      {
        orderId: payment.orderId,
        paymentId,
        kind: "held_payment",
        amount: captured.amount,
        currency: captured.currency,
        reason: opts.reason,
        requestedBy: opts.actorId,
        now: opts.now,
      },
      { tx, retryFailed: true },
    );
    return refund.id;
  });
  if (!refundId) return { result: "not_held" };
  const run = await runRefund(refundId, { now: opts.now });
  const refund = await db.refund.findUniqueOrThrow({ where: { id: refundId } });
  const money = { amount: refund.amount, currency: refund.currency };
  if (run === "succeeded" || refund.status === "succeeded") return { result: "refunded", ...money };
  if (run === "failed" || refund.status === "failed")
    return { result: "failed", ...money, failureReason: refund.failureReason ?? undefined };
  return { result: "in_progress", ...money };
}
