// Alert conditions about money: paid lines the books call unresolved, and held payments (each
// supplier's wallet, low or paused by a 402, is conditions-wallet.ts). Each reads the database only.
import "server-only";
import { db } from "@/lib/db";
import { unresolvedLinesWhere, unresolvedDeadlineMs } from "@/lib/orders/books/books";
import { formatAmount, formatDuration, formatWhen } from "./format";
import type { AlertEvaluation } from "./kinds";

/** Paid lines with no supplier order past the books' deadline (docs/money-rules.md#m3). */
export async function evaluateUnresolvedLines(now: Date): Promise<AlertEvaluation> {
  const where = unresolvedLinesWhere(now);
  const [count, oldest] = await Promise.all([
    db.orderLine.count({ where }),
    db.orderLine.findFirst({
      where,
      orderBy: { createdAt: "asc" },
      select: {
        orderId: true,
        createdAt: true,
        productName: true,
        supplier: true,
        order: { select: { reference: true } },
      },
    }),
  ]);
  return {
    active: count > 0,
    title: "Paid lines without a supplier order",
    summary: `${count} paid ${count === 1 ? "line has" : "lines have"} no supplier order after ${formatDuration(unresolvedDeadlineMs)}: shoppers paid and are waiting. Open the order to see why (a 402, the budget, the supplier down).`,
    details: oldest
      ? [
          { label: "Lines", value: String(count) },
          {
            label: "Oldest",
            // The supplier it is to be bought from, when not main (docs/suppliers.md#staff).
            value: `${oldest.productName}${oldest.supplier === "main" ? "" : ` from supplier ${oldest.supplier}`}, order ${oldest.order.reference ?? oldest.orderId}, paid ${formatWhen(oldest.createdAt)}`,
          },
        ]
      : [{ label: "Lines", value: "0" }],
    path: oldest ? `/admin/orders/${oldest.orderId}` : "/admin/orders",
  };
}

/** Money captured that waits for staff to release or refund it. */
export async function evaluateHeldPayments(): Promise<AlertEvaluation> {
  const [count, oldest] = await Promise.all([
    db.payment.count({ where: { status: "held" } }),
    db.payment.findFirst({
      where: { status: "held" },
      orderBy: { createdAt: "asc" },
      select: { orderId: true, createdAt: true, amount: true, currency: true, order: { select: { reference: true } } },
    }),
  ]);
  return {
    active: count > 0,
    title: "Payments held for review",
    summary: `${count} ${count === 1 ? "payment is" : "payments are"} held: the money is in, nothing is bought until a person releases or refunds ${count === 1 ? "it" : "them"}.`,
    details: oldest
      ? [
          { label: "Held payments", value: String(count) },
          {
            label: "Oldest",
            value: `${formatAmount(oldest.amount, oldest.currency)}, order ${oldest.order.reference ?? oldest.orderId}, since ${formatWhen(oldest.createdAt)}`,
          },
        ]
      : [{ label: "Held payments", value: "0" }],
    path: oldest ? `/admin/orders/${oldest.orderId}` : "/admin/orders",
  };
}
