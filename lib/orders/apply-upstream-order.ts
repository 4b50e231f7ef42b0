// Maps what the upstream says about an order (purchase answer, poll, webhook read-back) to a
// line transition. Every path that learns an upstream status goes through here.
import "server-only";
import { db, Prisma } from "@/lib/db";
import { encryptJson } from "@/lib/crypto/codes-cipher";
import type { UpstreamOrder } from "@/lib/upstream/types";
import { sendLineDeliveredEmail } from "./order-emails";
import { refundFailedLine, refundShortDelivery } from "./refund-line";
import { nextPollAt } from "./schedule";
import { transitionLine, type Cause } from "./transition";
import type { LineStatus } from "./states";

export type StoredCode = { code: string; denomination: string; currency?: string };

export type ApplyContext = { cause: Cause; causeRef?: string; now: Date };

export const failedUpstreamMessage = "The supplier could not complete this item.";

/** A completed code order with fewer codes than ordered is read again this many times before it is settled short. */
export const shortDeliveryReads = 3;

type Line = { id: string; status: string; isTopup: boolean; quantity: number; checks: number; lineTotal: Prisma.Decimal; currency: string };

/** Applies an upstream order to a line in `purchasing` or `pending_upstream`. */
export async function applyUpstreamOrder(lineId: string, order: UpstreamOrder, ctx: ApplyContext): Promise<"updated" | "unchanged"> {
  const line = await db.orderLine.findUniqueOrThrow({ where: { id: lineId }, include: { order: true } });
  const from = line.status as LineStatus;
  if (from !== "purchasing" && from !== "pending_upstream") return "unchanged";
  const upstreamAmount = new Prisma.Decimal(order.amount);
  const ids = { upstreamOrderId: order.orderId, upstreamOrderNo: order.orderNo, upstreamAmount };
  const base = { cause: ctx.cause, causeRef: ctx.causeRef, now: ctx.now };

  if (order.status === "completed") {
    const codes: StoredCode[] = order.codes.map((c) => ({ code: c.code, denomination: c.denomination, currency: c.currency }));
    const short = !line.isTopup && codes.length < line.quantity;
    // Fewer codes than paid for is not a delivery: read again a few times (spec: codes are read
    // with GET /orders/{id}), then deliver what came and refund the rest (see deliverShort).
    if (!short || (codes.length > 0 && line.checks >= shortDeliveryReads)) {
      const moved = await transitionLine(lineId, from, "delivered", {
        ...base,
        message: deliveredMessage(line, codes.length),
        data: {
          ...ids,
          codesEnc: codes.length ? encryptJson(codes) : null,
          fieldsEnc: null,
          deliveredAt: ctx.now,
          nextCheckAt: null,
          deliveredQuantity: line.isTopup ? null : codes.length,
          ...staffAttention(line, order, codes.length, ctx.now),
        },
      });
      if (!moved) return "unchanged";
      await sendLineDeliveredEmail(line.order, line);
      if (short) await refundShortDelivery(lineId, { now: ctx.now });
      return "updated";
    }
    if (codes.length === 0 && line.checks >= shortDeliveryReads * 4) {
      // "Completed" with no codes after a long while: nothing to deliver; refund, and tell staff.
      return failWith(lineId, from, ids, base, "The supplier did not deliver the codes for this item.", {
        attentionReason: `The supplier reports order ${order.orderNo} completed but sent no codes after ${line.checks} reads; the shopper was refunded. Claim the codes or the money from the supplier.`,
        attentionAt: ctx.now,
      });
    }
  }

  if (order.status === "failed") return failWith(lineId, from, ids, base, failedUpstreamMessage);

  // Pending (docs/money-rules.md#m4), or completed with codes still missing: look again later.
  if (from === "purchasing") {
    const moved = await transitionLine(lineId, "purchasing", "pending_upstream", {
      ...base,
      message: "The supplier is processing your order.",
      data: { ...ids, checks: 0, nextCheckAt: nextPollAt(ctx.now, 0) },
    });
    return moved ? "updated" : "unchanged";
  }
  await db.orderLine.updateMany({
    where: { id: lineId, status: "pending_upstream" },
    data: { checks: { increment: 1 }, nextCheckAt: nextPollAt(ctx.now, line.checks + 1) },
  });
  return "unchanged";
}

function deliveredMessage(line: Line, codes: number): string {
  if (line.isTopup) return "Credited to your account.";
  if (codes < line.quantity) return `${codes} of your ${line.quantity} codes are ready; the rest did not arrive and is being refunded.`;
  return "Your codes are ready.";
}

/** What staff must know about a delivery: codes missing, or bought above the sale price. Cleared otherwise. */
function staffAttention(line: Line, order: UpstreamOrder, codes: number, now: Date) {
  const amount = new Prisma.Decimal(order.amount);
  if (!line.isTopup && codes < line.quantity) {
    return { attentionAt: now, attentionReason: `Short delivery: the supplier delivered ${codes} of ${line.quantity} codes for order ${order.orderNo} (charged ${amount.toFixed(2)}); the missing ${line.quantity - codes} were refunded to the shopper. Claim them from the supplier.` };
  }
  if (amount.greaterThan(line.lineTotal)) {
    return { attentionAt: now, attentionReason: `Sold below cost: the supplier charged ${amount.toFixed(2)} ${line.currency} for a line sold at ${line.lineTotal.toFixed(2)}.` };
  }
  return { attentionReason: null, attentionAt: null };
}

async function failWith(
  lineId: string,
  from: LineStatus,
  ids: { upstreamOrderId: number; upstreamOrderNo: string; upstreamAmount: Prisma.Decimal },
  base: { cause: Cause; causeRef?: string; now: Date },
  reason: string,
  extra: { attentionReason?: string; attentionAt?: Date } = {},
): Promise<"updated" | "unchanged"> {
  const moved = await transitionLine(lineId, from, "failed", { ...base, message: reason, data: { ...ids, failureReason: reason, nextCheckAt: base.now, ...extra } });
  if (moved) await refundFailedLine(lineId, { now: base.now, cause: base.cause });
  return moved ? "updated" : "unchanged";
}
