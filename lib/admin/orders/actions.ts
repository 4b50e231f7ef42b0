"use server";
// Staff actions on one order. Each checks its permission first, validates input with zod,
// writes an audit row, and returns an ActionState instead of throwing at the user.
import { z } from "zod";
import { recordAudit } from "@/lib/audit/record";
import { currencyFacts } from "@/lib/markets/currencies";
import { requirePermission } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import type { ActionState } from "@/lib/errors";
import { formToObject } from "@/lib/http/action";
import { runStaffAction } from "@/lib/admin/staff-action";
import { refreshLineByUpstreamOrderId } from "@/lib/orders/fulfilment/refresh-line";
import { buyHeldLineAnyway, dismissAttention, refundHeldLine } from "@/lib/orders/fulfilment/attention";
import { refundableWalletAmount, refundDeliveredLine, refundFailedLine } from "@/lib/orders/refunds/refund-line";
import { walletLineTotalOf } from "@/lib/orders/core/wallet-figures";
import { recordOrderEvent } from "@/lib/orders/core/transition";
import { revealLineCodes, resendOrderLink } from "./line-ops";
import { isReconcilable, isRefundable } from "./line-actions";
import { withinRefundLimit } from "./refund-limit";
import { say } from "@/lib/orders/core/timeline-words";

const id = z.string().min(1).max(64);
const lineInputSchema = z.object({ lineId: id }).strict();
const refundInputSchema = z
  .object({
    lineId: id,
    reason: z.string().trim().min(3, "Give a reason.").max(500),
    confirm: z.literal("yes", "Tick the box to confirm."),
  })
  .strict();
const resendInputSchema = z.object({ orderId: id }).strict();

/** Reads the line's upstream order now and applies what it says (same path as webhooks). */
export async function reconcileLineAction(_prev: ActionState | null, fd: FormData): Promise<ActionState> {
  return runStaffAction("orders.reconcile", lineInputSchema, formToObject(fd), async (actor, { lineId }) => {
    const line = await db.orderLine.findUnique({
      where: { id: lineId },
      select: { id: true, orderId: true, status: true, upstreamOrderId: true, supplier: true },
    });
    if (!line) return { ok: false, message: "No such line." };
    if (line.upstreamOrderId === null)
      return { ok: false, message: "This line has no upstream order yet; the reconciler will place or resume it." };
    if (!isReconcilable(line))
      return { ok: false, message: `Nothing to reconcile: this line is ${line.status.replace(/_/g, " ")}.` };
    const result = await refreshLineByUpstreamOrderId(
      line.upstreamOrderId,
      { kind: "staff", userId: actor.id },
      new Date(),
      line.supplier, // the line's order is its supplier's (docs/suppliers.md#staff)
    );
    const after = await db.orderLine.findUnique({ where: { id: lineId }, select: { status: true } });
    await recordAudit({
      actor,
      action: "order.reconcile",
      targetType: "order",
      targetId: line.orderId,
      before: { lineId, status: line.status },
      after: { lineId, status: after?.status, result },
    });
    return {
      ok: true,
      message:
        result === "updated" ? `Updated: the line is now ${after?.status}.` : "Checked upstream: nothing changed.",
    };
  });
}

/** Refunds a failed line, or takes back a delivered one (faulty card), within the staff limit. */
export async function refundLineAction(_prev: ActionState | null, fd: FormData): Promise<ActionState> {
  return runStaffAction("orders.refund", refundInputSchema, formToObject(fd), async (actor, input) => {
    const line = await db.orderLine.findUnique({
      where: { id: input.lineId },
      select: { id: true, orderId: true, status: true, lineTotal: true, currency: true },
    });
    if (!line) return { ok: false, message: "No such line." };
    if (!isRefundable(line)) {
      return {
        ok: false,
        message: `Only failed or delivered lines can be refunded (this one is ${line.status.replace(/_/g, " ")}).`,
      };
    }
    // The limit is in the wallet currency: a line charged in a market's currency counts at its sale in it.
    const amount = await refundableWalletAmount(line.id);
    if (!withinRefundLimit(actor, amount)) {
      return { ok: false, message: `Refunds above ${env.STAFF_REFUND_LIMIT} ${env.SHOP_CURRENCY} need an owner.` };
    }
    const now = new Date();
    await recordOrderEvent({
      orderId: line.orderId,
      lineId: line.id,
      kind: "note",
      cause: "staff",
      causeRef: actor.id,
      ...say("refundRequested", { reason: input.reason }),
      now,
    });
    const run =
      line.status === "delivered"
        ? await refundDeliveredLine(line.id, { now, reason: input.reason, actorId: actor.id })
        : await refundFailedLine(line.id, { now, cause: "staff", retryFailed: true, actorId: actor.id });
    const result = run === "succeeded" ? "refunded" : run === "retry" || run === "busy" ? "in_progress" : run;
    // What was given back, in the currency charged (its value in the wallet currency beside it).
    const given = await db.refund.findFirst({
      where: { lineId: line.id },
      orderBy: { createdAt: "desc" },
      select: { amount: true, currency: true },
    });
    const charged = given ?? { amount, currency: env.SHOP_CURRENCY };
    const chargedText = charged.amount.toFixed(currencyFacts(charged.currency).chargeDecimals);
    const walletText = amount.toFixed(2);
    await recordAudit({
      actor,
      action: "order.refund",
      targetType: "order",
      targetId: line.orderId,
      before: { lineId: line.id, status: line.status },
      after: {
        lineId: line.id,
        result,
        amount: chargedText,
        currency: charged.currency,
        walletAmount: walletText,
        walletCurrency: env.SHOP_CURRENCY,
        reason: input.reason,
      },
    });
    const worth = charged.currency === env.SHOP_CURRENCY ? "" : ` (${walletText} ${env.SHOP_CURRENCY})`;
    if (result === "refunded") return { ok: true, message: `Refunded ${chargedText} ${charged.currency}${worth}.` };
    if (result === "in_progress")
      return {
        ok: true,
        message:
          "The refund is on its way: the payment provider has not confirmed it yet; it is retried automatically with the same reference.",
      };
    if (result === "failed")
      return {
        ok: false,
        message:
          "The payment provider refused the refund; the line is unchanged. See the order timeline, then try again.",
      };
    return { ok: false, message: "Nothing to refund (no confirmed payment, or already refunded)." };
  });
}

const attentionInputSchema = z.object({ lineId: id, decision: z.enum(["buy", "refund", "handled"]) }).strict();

/**
 * Decides a line that asked for staff: a line held after a supplier price rise is bought anyway
 * (owner/staff who may reconcile) or refunded (refund permission and limit); any other note is
 * marked handled. Audited.
 */
export async function resolveAttentionAction(_prev: ActionState | null, fd: FormData): Promise<ActionState> {
  return runStaffAction("orders.reconcile", attentionInputSchema, formToObject(fd), async (reconciler, input) => {
    // Refunding instead of buying needs the refund permission as well.
    const actor = input.decision === "refund" ? await requirePermission("orders.refund") : reconciler;
    const line = await db.orderLine.findUnique({
      where: { id: input.lineId },
      select: {
        id: true,
        orderId: true,
        status: true,
        attentionReason: true,
        unitPrice: true,
        lineTotal: true,
        walletUnitPrice: true,
        quantity: true,
      },
    });
    if (!line?.attentionReason) return { ok: false, message: "Nothing to decide on this line any more." };
    const now = new Date();
    let done = false;
    if (input.decision === "buy") done = await buyHeldLineAnyway(line.id, { actorId: actor.id, now });
    if (input.decision === "refund") {
      if (!withinRefundLimit(actor, walletLineTotalOf(line)))
        return { ok: false, message: `Refunds above ${env.STAFF_REFUND_LIMIT} ${env.SHOP_CURRENCY} need an owner.` };
      done = await refundHeldLine(line.id, {
        actorId: actor.id,
        now,
        reason: "The shop decided not to buy this item at the supplier's new price.",
      });
    }
    if (input.decision === "handled") done = (await dismissAttention(line.id, { actorId: actor.id, now })) !== null;
    await recordAudit({
      actor,
      action: `order.attention_${input.decision}`,
      targetType: "order",
      targetId: line.orderId,
      before: { lineId: line.id, status: line.status, attention: line.attentionReason },
      after: { lineId: line.id, done },
    });
    if (!done) return { ok: false, message: "The line changed meanwhile; reload the order." };
    const after = await db.orderLine.findUnique({ where: { id: line.id }, select: { status: true } });
    return {
      ok: true,
      message:
        input.decision === "handled"
          ? "Marked as handled."
          : `Done: the line is now ${after?.status.replace(/_/g, " ")}.`,
    };
  });
}

/** Emails the order link to the buyer again (a new message each time, never codes). */
export async function resendEmailAction(_prev: ActionState | null, fd: FormData): Promise<ActionState> {
  return runStaffAction("orders.resend", resendInputSchema, formToObject(fd), async (actor, { orderId }) => {
    const sent = await resendOrderLink(orderId, actor);
    if (!sent) return { ok: false, message: "No such order." };
    await recordAudit({
      actor,
      action: "order.resend_email",
      targetType: "order",
      targetId: orderId,
      after: { to: sent.to },
    });
    return { ok: true, message: `Sent the order link to ${sent.to}.` };
  });
}

/** Decrypts a delivered line's codes for owner/staff; audited and written to the timeline (docs/money-rules.md#m6). */
export async function revealCodesAction(_prev: ActionState | null, fd: FormData): Promise<ActionState> {
  return runStaffAction("codes.reveal", lineInputSchema, formToObject(fd), async (actor, { lineId }) => {
    const revealed = await revealLineCodes(lineId, actor);
    if (!revealed) return { ok: false, message: "This line has no codes to reveal." };
    await recordAudit({
      actor,
      action: "codes.reveal",
      targetType: "order",
      targetId: revealed.orderId,
      after: { lineId, count: revealed.codes.length },
    });
    return {
      ok: true,
      message: `${revealed.codes.length} code(s) revealed. This was recorded.`,
      data: { codes: revealed.codes },
    };
  });
}
