// Maps what the upstream says about an order (purchase answer, poll, webhook read-back) to a
// line transition. Every path that learns an upstream status goes through here.
import "server-only";
import { db, Prisma } from "@/lib/db";
import { env } from "@/lib/env";
import { encryptJson } from "@/lib/crypto/codes-cipher";
import type { UpstreamOrder } from "@/lib/upstream/types";
import { sendLineDeliveredEmail } from "../core/order-emails";
import type { StoredCode } from "../core/stored-code";
import { refundFailedLine } from "../refunds/refund-line";
import { requestRefund, runRefund } from "../refunds/refunds";
import { nextPollAt } from "../core/schedule";
import { transitionLine, type Cause } from "../core/transition";
import type { LineStatus } from "../core/states";
import { walletLineTotalOf, walletUnitPriceOf } from "../core/wallet-figures";
import { say, type Said } from "../core/timeline-words";

export type ApplyContext = { cause: Cause; causeRef?: string; now: Date };

export const failedUpstreamMessage = "The supplier could not complete this item.";

/** A completed code order with fewer codes than ordered is read again this many times before it is settled short. */
export const shortDeliveryReads = 3;

type Line = Prisma.OrderLineGetPayload<{ include: { order: { include: { payments: true } } } }>;
type Ids = { upstreamOrderId: number; upstreamOrderNo: string; upstreamAmount: Prisma.Decimal };

/** Applies an upstream order to a line in `purchasing` or `pending_upstream`. */
export async function applyUpstreamOrder(
  lineId: string,
  order: UpstreamOrder,
  ctx: ApplyContext,
): Promise<"updated" | "unchanged"> {
  const line = await db.orderLine.findUniqueOrThrow({
    where: { id: lineId },
    include: { order: { include: { payments: true } } },
  });
  const from = line.status as LineStatus;
  if (from !== "purchasing" && from !== "pending_upstream") return "unchanged";
  const ids: Ids = {
    upstreamOrderId: order.orderId,
    upstreamOrderNo: order.orderNo,
    upstreamAmount: new Prisma.Decimal(order.amount),
  };
  try {
    return await apply(line, from, order, ids, ctx);
  } catch (err) {
    // The order is already another line's (a search after an unknown outcome matched it there):
    // this line's own order went to that line, so this one has none — it is refunded.
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002")
      return orderTakenByAnotherLine(line, from, order, ctx);
    throw err;
  }
}

async function apply(
  line: Line,
  from: LineStatus,
  order: UpstreamOrder,
  ids: Ids,
  ctx: ApplyContext,
): Promise<"updated" | "unchanged"> {
  const base = { cause: ctx.cause, causeRef: ctx.causeRef, now: ctx.now };
  if (order.status === "completed") {
    const codes: StoredCode[] = order.codes.map((c) => ({
      code: c.code,
      denomination: c.denomination,
      currency: c.currency,
    }));
    const short = !line.isTopup && codes.length < line.quantity;
    // Fewer codes than paid for is not a delivery: read again (the contract: codes are read with
    // GET /orders/{id}), counting only reads of the settled order, then deliver what came.
    const readEnough = from === "pending_upstream" && line.checks >= shortDeliveryReads;
    if (!short) return deliver(line, from, codes, ids, base);
    if (codes.length > 0 && readEnough) return deliver(line, from, codes, ids, base);
    if (codes.length === 0 && from === "pending_upstream" && line.checks >= shortDeliveryReads * 4) {
      return failWith(line.id, from, ids, base, "The supplier did not deliver the codes for this item.", {
        attentionReason: `The supplier reports order ${order.orderNo} completed but sent no codes after ${line.checks} reads; the shopper was refunded. Claim the codes or the money from the supplier.`,
        attentionAt: ctx.now,
      });
    }
  }
  if (order.status === "failed") return failWith(line.id, from, ids, base, failedUpstreamMessage);
  // Pending (docs/money-rules.md#m4), or completed with codes still missing: look again later.
  if (from === "purchasing") {
    const moved = await transitionLine(line.id, "purchasing", "pending_upstream", {
      ...base,
      ...say("processing"),
      data: { ...ids, checks: 0, nextCheckAt: nextPollAt(ctx.now, 0) },
    });
    return moved ? "updated" : "unchanged";
  }
  await db.orderLine.updateMany({
    where: { id: line.id, status: "pending_upstream" },
    data: { checks: { increment: 1 }, nextCheckAt: nextPollAt(ctx.now, line.checks + 1) },
  });
  return "unchanged";
}

/**
 * Delivered, with the codes encrypted at rest. A short delivery's refund of the missing codes is
 * requested in the same transaction, so a crash can never leave them unrefunded.
 */
async function deliver(
  line: Line,
  from: LineStatus,
  codes: StoredCode[],
  ids: Ids,
  base: { cause: Cause; causeRef?: string; now: Date },
): Promise<"updated" | "unchanged"> {
  const short = !line.isTopup && codes.length < line.quantity;
  const refundId = await db.$transaction(async (tx) => {
    const moved = await transitionLine(
      line.id,
      from,
      "delivered",
      {
        ...base,
        ...deliveredWords(line, codes.length),
        data: {
          ...ids,
          codesEnc: codes.length ? encryptJson(codes) : null,
          fieldsEnc: null,
          deliveredAt: base.now,
          nextCheckAt: null,
          deliveredQuantity: line.isTopup ? null : codes.length,
          ...staffAttention(line, ids, codes.length, base.now),
        },
      },
      tx,
    );
    if (!moved) return null;
    if (!short) return "";
    const payment = line.order.payments.find((p) => p.status === "succeeded")!;
    const missing = line.quantity - codes.length;
    const refund = await requestRefund(
      {
        orderId: line.orderId,
        paymentId: payment.id,
        lineId: line.id,
        kind: "short_delivery",
        amount: line.unitPrice.times(missing),
        currency: line.currency,
        walletAmount: walletUnitPriceOf(line).times(missing),
        reason: `The supplier delivered ${codes.length} of ${line.quantity} codes.`,
        now: base.now,
      },
      { tx },
    );
    return refund.id;
  });
  if (refundId === null) return "unchanged";
  await sendLineDeliveredEmail(line.order, line);
  if (refundId) await runRefund(refundId, { now: base.now });
  return "updated";
}

function deliveredWords(line: Line, codes: number): Said {
  if (line.isTopup) return say("credited");
  if (codes < line.quantity) return say("shortDelivered", { delivered: codes, quantity: line.quantity });
  return say("codesReady");
}

/** What staff must know about a delivery: codes missing, or bought above the sale price. Cleared otherwise. */
function staffAttention(line: Line, ids: Ids, codes: number, now: Date) {
  if (!line.isTopup && codes < line.quantity) {
    return {
      attentionAt: now,
      attentionReason: `Short delivery: the supplier delivered ${codes} of ${line.quantity} codes for order ${ids.upstreamOrderNo} (charged ${ids.upstreamAmount.toFixed(2)}); the missing ${line.quantity - codes} were refunded to the shopper. Claim them from the supplier.`,
    };
  }
  // The supplier charges in the wallet currency: compared with the sale in it (docs/markets.md#what-an-order-records).
  const sold = walletLineTotalOf(line);
  if (ids.upstreamAmount.greaterThan(sold)) {
    return {
      attentionAt: now,
      attentionReason: `Sold below cost: the supplier charged ${ids.upstreamAmount.toFixed(2)} ${env.SHOP_CURRENCY} for a line sold at ${sold.toFixed(2)}.`,
    };
  }
  return { attentionReason: null, attentionAt: null };
}

async function failWith(
  lineId: string,
  from: LineStatus,
  ids: Partial<Ids>,
  base: { cause: Cause; causeRef?: string; now: Date },
  reason: string,
  extra: { attentionReason?: string; attentionAt?: Date } = {},
): Promise<"updated" | "unchanged"> {
  const moved = await transitionLine(lineId, from, "failed", {
    ...base,
    ...say("failed", { reason }),
    data: { ...ids, failureReason: reason, nextCheckAt: base.now, ...extra },
  });
  if (moved) await refundFailedLine(lineId, { now: base.now, cause: base.cause });
  return moved ? "updated" : "unchanged";
}

async function orderTakenByAnotherLine(
  line: Line,
  from: LineStatus,
  order: UpstreamOrder,
  ctx: ApplyContext,
): Promise<"updated" | "unchanged"> {
  const owner = await db.orderLine.findUnique({
    where: { supplier_upstreamOrderId: { supplier: line.supplier, upstreamOrderId: order.orderId } },
    select: { id: true, orderId: true },
  });
  return failWith(
    line.id,
    from,
    {},
    { cause: ctx.cause, causeRef: ctx.causeRef, now: ctx.now },
    "We could not complete this item.",
    {
      attentionReason: `This line's supplier order ${order.orderNo} was matched to another line of the same item (order ${owner?.orderId ?? "?"}) after an unknown outcome, which delivered it; this line was refunded.`,
      attentionAt: ctx.now,
    },
  );
}
