// Alert conditions about money: the upstream wallet (low, or sales paused by a 402), paid lines
// the books call unresolved, and held payments. Each reads the database only (no upstream call).
import "server-only";
import { db } from "@/lib/db";
import { unresolvedLinesWhere, unresolvedDeadlineMs } from "@/lib/orders/books/books";
import { getWalletView } from "@/lib/wallet/wallet-view";
import { formatAmount, formatDuration, formatWhen } from "./format";
import type { AlertEvaluation } from "./kinds";

/** Below the owner's threshold, or fewer hours of sales left than the owner set. */
export async function evaluateLowBalance(now: Date): Promise<AlertEvaluation> {
  const w = await getWalletView(now);
  const cur = w.currency;
  const reasons = [
    ...(w.estimate !== null && w.estimate.lt(w.threshold)
      ? [`below the threshold of ${formatAmount(w.threshold, cur)}`]
      : []),
    ...(w.hoursLeft !== null && w.hoursLeftBelow > 0 && w.hoursLeft < w.hoursLeftBelow
      ? [`about ${w.hoursLeft} hours of sales left at the last day's rate (under ${w.hoursLeftBelow})`]
      : []),
  ];
  return {
    active: w.low,
    title: "Upstream balance low",
    summary:
      w.estimate === null
        ? "The upstream balance has not been read yet."
        : `The upstream wallet holds about ${formatAmount(w.estimate, cur)}: ${reasons.join(", and ") || "enough again"}. Top it up before checkout has to refuse orders.`,
    details: [
      { label: "Estimated balance", value: w.estimate ? formatAmount(w.estimate, cur) : "unknown" },
      {
        label: "Last read",
        value: w.balance && w.readAt ? `${formatAmount(w.balance, cur)} at ${formatWhen(w.readAt)}` : "never",
      },
      { label: "Threshold", value: formatAmount(w.threshold, cur) },
      { label: "Reserve kept for checkout", value: formatAmount(w.reserve, cur) },
      { label: "Supplier spending, last 24 h", value: formatAmount(w.spentLastDay, cur) },
      {
        label: "Hours of sales left",
        value: w.hoursLeft === null ? "unknown (no recent spending)" : String(w.hoursLeft),
      },
    ],
    path: "/admin",
  };
}

/** A 402 paused new sales; they resume once a balance read covers the reserve and the refused purchase. */
export async function evaluateSalesPaused(now: Date): Promise<AlertEvaluation> {
  const w = await getWalletView(now);
  const needed = w.paused?.needs ? w.reserve.plus(w.paused.needs) : w.reserve;
  return {
    active: w.paused !== null,
    title: "Sales paused: the upstream wallet is empty",
    summary: w.paused
      ? `Since ${formatWhen(w.paused.since)} the supplier refuses purchases for lack of money (402), so checkout answers "temporarily unavailable". Top up the wallet to at least ${formatAmount(needed, w.currency)}: sales resume by themselves at the next balance read.`
      : "Sales are running.",
    details: [
      { label: "Paused since", value: w.paused ? formatWhen(w.paused.since) : "—" },
      { label: "Estimated balance", value: w.estimate ? formatAmount(w.estimate, w.currency) : "unknown" },
      { label: "Needed to resume", value: formatAmount(needed, w.currency) },
    ],
    path: "/admin",
  };
}

/** Paid lines with no supplier order past the books' deadline (docs/money-rules.md#m3). */
export async function evaluateUnresolvedLines(now: Date): Promise<AlertEvaluation> {
  const where = unresolvedLinesWhere(now);
  const [count, oldest] = await Promise.all([
    db.orderLine.count({ where }),
    db.orderLine.findFirst({
      where,
      orderBy: { createdAt: "asc" },
      select: { orderId: true, createdAt: true, productName: true, order: { select: { reference: true } } },
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
            value: `${oldest.productName}, order ${oldest.order.reference ?? oldest.orderId}, paid ${formatWhen(oldest.createdAt)}`,
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
