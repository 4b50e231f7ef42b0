"use server";
// Staff actions on a HELD payment: release it (owner only) or refund it in full (orders.refund,
// within the staff refund limit). Permission first, zod input, audit row, ActionState back.
import { z } from "zod";
import { recordAudit } from "@/lib/audit/record";
import { db, Prisma } from "@/lib/db";
import { env } from "@/lib/env";
import type { ActionState } from "@/lib/errors";
import { formToObject } from "@/lib/http/action";
import { currencyFacts } from "@/lib/markets/currencies";
import { runStaffAction } from "@/lib/admin/staff-action";
import { refundHeldPayment, releaseHeldPayment } from "@/lib/orders/payment/held-payments";
import { withinOrderRefundLimit } from "@/lib/admin/orders/refund-limit";

const heldInputSchema = z
  .object({
    paymentId: z.string().min(1).max(64),
    reason: z.string().trim().min(3, "Give a reason.").max(500),
    confirm: z.literal("yes", "Tick the box to confirm."),
  })
  .strict();

/** An amount with its currency's own decimals: "10.45 USD", "358000 IDR", "6.550 KWD". */
const moneyText = (amount: Prisma.Decimal, currency: string) =>
  `${amount.toFixed(currencyFacts(currency).chargeDecimals)} ${currency}`;

const paymentBefore = (p: {
  status: string;
  amount: Prisma.Decimal;
  currency: string;
  failureReason: string | null;
}) => ({
  status: p.status,
  amount: p.amount.toFixed(2),
  currency: p.currency,
  heldBecause: p.failureReason,
});

/** Accepts a held payment: the order is paid and bought as usual. Owner only. */
export async function releaseHeldPaymentAction(_prev: ActionState | null, fd: FormData): Promise<ActionState> {
  return runStaffAction("payments.release", heldInputSchema, formToObject(fd), async (actor, input) => {
    const payment = await db.payment.findUnique({ where: { id: input.paymentId } });
    if (!payment) return { ok: false, message: "No such payment." };
    if (payment.status !== "held")
      return { ok: false, message: `Only a held payment can be released (this one is ${payment.status}).` };
    const result = await releaseHeldPayment(payment.id, { actorId: actor.id, reason: input.reason, now: new Date() });
    const after = await db.order.findUnique({ where: { id: payment.orderId }, select: { status: true } });
    await recordAudit({
      actor,
      action: "payment.release",
      targetType: "order",
      targetId: payment.orderId,
      before: { paymentId: payment.id, ...paymentBefore(payment) },
      after: { paymentId: payment.id, result, orderStatus: after?.status, reason: input.reason },
    });
    if (result === "released")
      return { ok: true, message: `Released: the order is ${after?.status ?? "paid"} and is being delivered.` };
    if (result === "order_not_open")
      return { ok: false, message: "The order is no longer awaiting payment; refund the payment instead." };
    return {
      ok: false,
      message:
        "This payment is no longer held: it is being refunded or was already released by someone else. Reload the order.",
    };
  });
}

/** Refunds a held payment in full and cancels the order; nothing is bought. */
export async function refundHeldPaymentAction(_prev: ActionState | null, fd: FormData): Promise<ActionState> {
  return runStaffAction("orders.refund", heldInputSchema, formToObject(fd), async (actor, input) => {
    const payment = await db.payment.findUnique({ where: { id: input.paymentId } });
    if (!payment) return { ok: false, message: "No such payment." };
    if (payment.status !== "held")
      return { ok: false, message: `Only a held payment can be refunded here (this one is ${payment.status}).` };
    const order = await db.order.findUniqueOrThrow({
      where: { id: payment.orderId },
      select: { currency: true, total: true, walletTotal: true, rate: true, walletCurrency: true },
    });
    // The limit is in the wallet currency: a rupiah payment counts at the order's rate of the sale.
    if (!withinOrderRefundLimit(actor, order, payment.amount, payment.currency)) {
      return { ok: false, message: `Refunds above ${env.STAFF_REFUND_LIMIT} ${env.SHOP_CURRENCY} need an owner.` };
    }
    // The captured amount may differ from the order total (that is why it is held): the limit
    // applies to both, and a refund in a currency other than the order's needs an owner.
    const allowed = (amount: Prisma.Decimal, currency: string) =>
      withinOrderRefundLimit(actor, order, amount, currency);
    const outcome = await refundHeldPayment(payment.id, {
      actorId: actor.id,
      reason: input.reason,
      now: new Date(),
      allowed,
    });
    const summary =
      outcome.result === "not_held"
        ? {}
        : {
            amount: outcome.amount.toFixed(2),
            currency: outcome.currency,
            failureReason: outcome.result === "failed" ? outcome.failureReason : undefined,
          };
    await recordAudit({
      actor,
      action: "payment.refund_held",
      targetType: "order",
      targetId: payment.orderId,
      before: { paymentId: payment.id, ...paymentBefore(payment) },
      after: { paymentId: payment.id, result: outcome.result, ...summary, reason: input.reason },
    });
    if (outcome.result === "refunded")
      return {
        ok: true,
        message: `Refunded ${moneyText(outcome.amount, outcome.currency)}; the order is cancelled.`,
      };
    if (outcome.result === "over_limit")
      return {
        ok: false,
        message: `The customer paid ${moneyText(outcome.amount, outcome.currency)}; this refund needs an owner.`,
      };
    if (outcome.result === "failed")
      return { ok: false, message: "The payment provider refused the refund; the payment stays held. Try again." };
    if (outcome.result === "in_progress")
      return {
        ok: true,
        message:
          "The refund is on its way: the payment provider has not confirmed it yet; it is retried automatically and the order is cancelled when it is done.",
      };
    return {
      ok: false,
      message:
        "This payment is no longer held: it was released or is already being refunded by someone else. Reload the order.",
    };
  });
}
