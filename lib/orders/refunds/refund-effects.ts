// What a refund's outcome does to the order, per kind: recorded in the same transaction as the
// refund's own status, so a crash can never leave "refunded at the provider" without its effect.
import "server-only";
import { db, type Prisma } from "@/lib/db";
import { amountString } from "@/lib/markets/format";
import { sendLineRefundedEmail, sendPartRefundedEmail, sendPaymentRefundedEmail } from "../core/order-emails";
import type { RefundKind } from "../core/states";
import { transitionLine, transitionOrder, transitionPayment } from "../core/transition";
import { eventColumns, say, timelineMoney } from "../core/timeline-words";

type RefundRow = {
  id: string;
  kind: string;
  orderId: string;
  paymentId: string;
  lineId: string | null;
  amount: Prisma.Decimal;
  currency: string;
  reason: string;
  requestedBy: string | null;
  failureReason?: string | null;
};

// The order's timeline: the amount with its currency's own decimals ("359000 IDR", "1.686 KWD").
const money = (r: RefundRow) => timelineMoney(amountString(r.amount, r.currency), r.currency);

/** The refund reached the shopper: move what it was for. */
export async function applyRefundSucceeded(tx: Prisma.TransactionClient, r: RefundRow, now: Date): Promise<void> {
  const base = { cause: "payment" as const, causeRef: r.id, now };
  switch (r.kind as RefundKind) {
    case "failed_line":
      await transitionLine(
        r.lineId!,
        "failed",
        "refunded",
        {
          ...base,
          ...say("refundedLine", { amount: money(r), reason: r.reason }),
          data: { nextCheckAt: null, fieldsEnc: null },
        },
        tx,
      );
      return;
    case "staff":
      await transitionLine(
        r.lineId!,
        "delivered",
        "refunded",
        {
          cause: "staff",
          causeRef: r.requestedBy ?? undefined,
          now,
          ...say("refundedByShop", { amount: money(r) }),
          data: { nextCheckAt: null },
        },
        tx,
      );
      return;
    case "short_delivery":
      await tx.orderEvent.create({
        data: {
          orderId: r.orderId,
          lineId: r.lineId,
          kind: "refund",
          cause: "payment",
          causeRef: r.id,
          ...eventColumns(say("refundedMissing", { amount: money(r) })),
          createdAt: now,
        },
      });
      return;
    case "held_payment": {
      const staff = { cause: "staff" as const, causeRef: r.requestedBy ?? undefined, now };
      await transitionPayment(
        r.paymentId,
        "refunding",
        "refunded",
        { ...staff, ...say("paymentRefunded", { amount: money(r) }) },
        tx,
      );
      await transitionOrder(r.orderId, "awaiting_payment", "cancelled", { ...staff, ...say("nothingDelivered") }, tx);
      for (const line of await tx.orderLine.findMany({ where: { orderId: r.orderId }, select: { id: true } })) {
        await transitionLine(
          line.id,
          "awaiting_payment",
          "cancelled",
          { ...staff, ...say("lineNotDelivered"), data: { fieldsEnc: null, nextCheckAt: null } },
          tx,
        );
      }
      return;
    }
    case "orphan_payment":
      await transitionPayment(
        r.paymentId,
        "refunding",
        "refunded",
        {
          ...base,
          ...say("latePaymentRefunded", { amount: money(r) }),
        },
        tx,
      );
      return;
  }
}

/** The provider refused the refund for good: put it in front of staff (nothing is retried by itself). */
export async function applyRefundFailed(tx: Prisma.TransactionClient, r: RefundRow, now: Date): Promise<void> {
  const why = `The payment provider refused a refund of ${amountString(r.amount, r.currency)} ${r.currency}: ${r.failureReason ?? "no reason given"}.`;
  switch (r.kind as RefundKind) {
    case "failed_line":
    case "short_delivery":
      await tx.orderLine.update({
        where: { id: r.lineId! },
        data: { nextCheckAt: null, attentionReason: `${why} Refund it by hand, then retry here.`, attentionAt: now },
      });
      return;
    case "staff":
      return; // the staff member who asked sees the refusal; the line stays delivered
    case "held_payment":
    case "orphan_payment":
      await transitionPayment(
        r.paymentId,
        "refunding",
        "held",
        {
          cause: "payment",
          causeRef: r.id,
          now,
          ...say("staffChecking"),
          data: { failureReason: why },
        },
        tx,
      );
      return;
  }
}

/** Tells the shopper, once per refund (the outbox dedupes), in the order's language. */
export async function sendRefundEmail(r: RefundRow): Promise<void> {
  const order = await db.order.findUniqueOrThrow({ where: { id: r.orderId } });
  const line = r.lineId ? await db.orderLine.findUnique({ where: { id: r.lineId } }) : null;
  const refund = { id: r.id, amount: amountString(r.amount, r.currency), currency: r.currency };
  switch (r.kind as RefundKind) {
    case "failed_line":
      if (line) await sendLineRefundedEmail(order, line, refund.amount, r.currency, r.reason);
      return;
    case "staff":
      if (line) await sendLineRefundedEmail(order, line, refund.amount, r.currency, r.reason, { delivered: true });
      return;
    case "short_delivery":
      if (line) await sendPartRefundedEmail(order, line, refund);
      return;
    case "held_payment":
      await sendPaymentRefundedEmail(order, refund, { reason: r.reason });
      return;
    case "orphan_payment":
      await sendPaymentRefundedEmail(order, refund, { late: true });
      return;
  }
}
