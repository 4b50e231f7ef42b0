// Maps what the upstream says about an order (purchase answer, poll, webhook read-back) to a
// line transition. Every path that learns an upstream status goes through here.
import "server-only";
import { db, Prisma } from "@/lib/db";
import { encryptJson } from "@/lib/crypto/codes-cipher";
import type { UpstreamOrder } from "@/lib/upstream/types";
import { sendLineDeliveredEmail } from "./order-emails";
import { refundFailedLine } from "./refund-line";
import { nextPollAt } from "./schedule";
import { transitionLine, type Cause } from "./transition";
import type { LineStatus } from "./states";

export type StoredCode = { code: string; denomination: string; currency?: string };

export type ApplyContext = { cause: Cause; causeRef?: string; now: Date };

export const failedUpstreamMessage = "The supplier could not complete this item.";

/** Applies an upstream order to a line in `purchasing` or `pending_upstream`. */
export async function applyUpstreamOrder(lineId: string, order: UpstreamOrder, ctx: ApplyContext): Promise<"updated" | "unchanged"> {
  const line = await db.orderLine.findUniqueOrThrow({ where: { id: lineId }, include: { order: true } });
  const from = line.status as LineStatus;
  if (from !== "purchasing" && from !== "pending_upstream") return "unchanged";
  const ids = {
    upstreamOrderId: order.orderId,
    upstreamOrderNo: order.orderNo,
    upstreamAmount: new Prisma.Decimal(order.amount),
  };
  const base = { cause: ctx.cause, causeRef: ctx.causeRef, now: ctx.now };

  // A code order "completed" without its codes can't be delivered: the codes are read with
  // GET /orders/{id} (spec 6), so keep reading instead of marking a delivery with nothing in it.
  const codesMissing = order.status === "completed" && !line.isTopup && order.codes.length === 0;

  if (order.status === "completed" && !codesMissing) {
    const codes: StoredCode[] = order.codes.map((c) => ({ code: c.code, denomination: c.denomination, currency: c.currency }));
    const moved = await transitionLine(lineId, from, "delivered", {
      ...base,
      message: line.isTopup ? "Credited to your account." : "Your codes are ready.",
      data: { ...ids, codesEnc: codes.length ? encryptJson(codes) : null, fieldsEnc: null, deliveredAt: ctx.now, nextCheckAt: null },
    });
    if (moved) await sendLineDeliveredEmail(line.order, line);
    return moved ? "updated" : "unchanged";
  }

  if (order.status === "failed") {
    const moved = await transitionLine(lineId, from, "failed", {
      ...base,
      message: failedUpstreamMessage,
      data: { ...ids, failureReason: failedUpstreamMessage, nextCheckAt: ctx.now },
    });
    if (moved) await refundFailedLine(lineId, { now: ctx.now, cause: ctx.cause });
    return moved ? "updated" : "unchanged";
  }

  // Pending (M4), or completed with the codes not readable yet: not a failure; look again later.
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
