// The books, proven: for every order, what the provider kept equals the value of what was
// delivered; no line is both delivered and refunded; nothing is refunded twice; no paid line sits
// past its deadline without an upstream order; nothing was bought above its sale price; the
// balance holds in the currency charged and in the wallet currency; and (when a supplier's order
// list is given, supplier-orders.ts) every order of that supplier belongs to exactly one of its
// lines. Staff see the result on the admin overview; the money tests run it after every scenario.
import "server-only";
import { db, Prisma } from "@/lib/db";
import { capturedPaymentStatuses, isShortDelivered } from "../core/states";
import { BooksTotals, type OrderBalance } from "./books-totals";
import type { BooksProblem, BooksProblemKind } from "./problems";
import { checkSupplierOrders, type UpstreamOrderSummary } from "./supplier-orders";
import { refundWalletAmountOf, walletLineTotalOf, walletUnitPriceOf, walletValueOf } from "../core/wallet-figures";

export type { BooksProblem, BooksProblemKind } from "./problems";
export type { UpstreamOrderSummary } from "./supplier-orders";

/** A paid line with no upstream order after this long is a problem (purchases retry for up to an hour on 402). */
export const unresolvedDeadlineMs = 2 * 3_600_000;
/** The lines the books call "unresolved" at `now`, as a query (the owners' alert counts them). */
export function unresolvedLinesWhere(now: Date): Prisma.OrderLineWhereInput {
  return {
    status: { in: ["paid", "purchasing"] },
    upstreamOrderId: null,
    createdAt: { lt: new Date(now.getTime() - unresolvedDeadlineMs) },
  };
}
/** A refund still open after this long is a problem. */
const stuckRefundMs = 3_600_000;

const zero = new Prisma.Decimal(0);
const sum = (xs: Prisma.Decimal[]) => xs.reduce((a, b) => a.plus(b), zero);

/**
 * Checks the orders given (or those changed since `since`, default the last 30 days). Orders with
 * work in progress are checked only for what is already wrong (an open line is not unbalanced).
 * `upstreamOrders` is the list of one supplier (`supplier`, default main), matched with the lines
 * bought from it alone (docs/suppliers.md#staff).
 */
export async function checkBooks(
  opts: {
    orderIds?: string[];
    since?: Date;
    now?: Date;
    upstreamOrders?: UpstreamOrderSummary[];
    supplier?: string;
  } = {},
) {
  const now = opts.now ?? new Date();
  const where = opts.orderIds
    ? { id: { in: opts.orderIds } }
    : { updatedAt: { gte: opts.since ?? new Date(now.getTime() - 30 * 86_400_000) } };
  const orders = await db.order.findMany({ where, include: orderShape });
  const problems: BooksProblem[] = [];
  const totals = new BooksTotals();
  for (const order of orders) {
    const checked = checkOrder(order, now);
    problems.push(...checked.problems);
    if (checked.settled) totals.add(checked.balance);
  }
  if (opts.upstreamOrders)
    problems.push(...(await checkSupplierOrders(opts.upstreamOrders, opts.supplier ?? "main", opts.orderIds)));
  return { checkedOrders: orders.length, problems, totals: totals.view() };
}

const orderShape = {
  lines: { include: { refunds: true } },
  payments: { include: { refunds: true } },
} satisfies Prisma.OrderInclude;
type OrderRow = Prisma.OrderGetPayload<{ include: typeof orderShape }>;

function checkOrder(order: OrderRow, now: Date): { problems: BooksProblem[]; settled: boolean; balance: OrderBalance } {
  const out: BooksProblem[] = [];
  const add = (kind: BooksProblemKind, detail: string, lineId?: string) =>
    out.push({ kind, orderId: order.id, lineId, detail });
  const refunds = order.payments.flatMap((p) => p.refunds);
  const done = refunds.filter((r) => r.status === "succeeded");
  const open = refunds.filter((r) => r.status === "pending" || r.status === "calling");
  const captured = sum(
    order.payments.filter((p) => capturedPaymentStatuses.includes(p.status as never)).map((p) => p.amount),
  );
  const kept = captured.minus(sum(done.map((r) => r.amount)));
  const deliveredLines = order.lines.filter((l) => l.status === "delivered");
  const delivered = sum(deliveredLines.map((l) => l.unitPrice.times(l.deliveredQuantity ?? l.quantity)));
  // The same balance in the wallet currency, at the rate of the sale (docs/markets.md#books).
  const capturedWallet = sum(
    order.payments
      .filter((p) => capturedPaymentStatuses.includes(p.status as never))
      .map((p) => walletValueOf(order, p.amount)),
  );
  const keptWallet = capturedWallet.minus(sum(done.map(refundWalletAmountOf)));
  const deliveredWallet = sum(deliveredLines.map((l) => walletUnitPriceOf(l).times(l.deliveredQuantity ?? l.quantity)));
  const busy =
    order.status === "paid" ||
    order.status === "awaiting_payment" ||
    open.length > 0 ||
    order.payments.some((p) => p.status === "refunding");

  for (const line of order.lines) {
    const lineDone = sum(line.refunds.filter((r) => r.status === "succeeded").map((r) => r.amount));
    const shortPart = isShortDelivered(line) ? line.unitPrice.times(line.quantity - line.deliveredQuantity!) : zero;
    if (line.status === "delivered" && lineDone.greaterThan(shortPart))
      add(
        "delivered_and_refunded",
        `delivered, yet ${lineDone.toFixed(2)} refunded (at most ${shortPart.toFixed(2)} for missing codes)`,
        line.id,
      );
    if (lineDone.greaterThan(line.lineTotal))
      add("over_refunded", `${lineDone.toFixed(2)} refunded on a line of ${line.lineTotal.toFixed(2)}`, line.id);
    // The supplier charges in the wallet currency: compared with the line's sale in it.
    const soldWallet = walletLineTotalOf(line);
    if (line.upstreamAmount && line.upstreamAmount.greaterThan(soldWallet))
      add(
        "sold_below_cost",
        `supplier charged ${line.upstreamAmount.toFixed(2)} for a line sold at ${soldWallet.toFixed(2)}`,
        line.id,
      );
    // Measured from when the line was paid for (its creation): retries keep touching the row.
    const waiting = ["paid", "purchasing"].includes(line.status) && line.upstreamOrderId === null;
    if (waiting && now.getTime() - line.createdAt.getTime() > unresolvedDeadlineMs) {
      add(
        "unresolved",
        `paid ${Math.round((now.getTime() - line.createdAt.getTime()) / 60_000)} min ago and still ${line.status} without a supplier order`,
        line.id,
      );
    }
  }
  // A refusal matters until a later attempt for the same thing (same key but its number) replaces it.
  const latest = new Map<string, (typeof refunds)[number]>();
  for (const r of refunds) {
    const base = r.dedupeKey.replace(/:\d+$/, "");
    const seen = latest.get(base);
    if (!seen || seen.createdAt <= r.createdAt) latest.set(base, r);
  }
  for (const r of refunds) {
    if (r.status === "failed" && latest.get(r.dedupeKey.replace(/:\d+$/, "")) === r)
      add(
        "refund_refused",
        `refund of ${r.amount.toFixed(2)} refused by the payment provider: ${r.failureReason ?? "no reason"}`,
        r.lineId ?? undefined,
      );
    if ((r.status === "pending" || r.status === "calling") && now.getTime() - r.createdAt.getTime() > stuckRefundMs)
      add("refund_stuck", `refund of ${r.amount.toFixed(2)} open for over an hour`, r.lineId ?? undefined);
  }
  for (const p of order.payments) {
    const back = sum(p.refunds.filter((r) => r.status === "succeeded").map((r) => r.amount));
    if (back.greaterThan(p.amount) && capturedPaymentStatuses.includes(p.status as never))
      add("over_refunded", `${back.toFixed(2)} refunded on a payment of ${p.amount.toFixed(2)}`);
  }
  // Held payments wait for staff: money is kept on purpose until they decide.
  const held = order.payments.some((p) => p.status === "held");
  if (!busy && !held && !kept.equals(delivered))
    add("unbalanced", `kept ${kept.toFixed(2)} but delivered ${delivered.toFixed(2)}`);
  else if (!busy && !held && !keptWallet.equals(deliveredWallet))
    add(
      "unbalanced",
      `in the wallet currency, kept ${keptWallet.toFixed(2)} but delivered ${deliveredWallet.toFixed(2)} ${order.walletCurrency ?? order.currency}`,
    );
  const balance = {
    currency: order.currency,
    charged: { kept, delivered },
    walletCurrency: order.walletCurrency ?? order.currency,
    wallet: { kept: keptWallet, delivered: deliveredWallet },
  };
  return { problems: out, settled: !busy && !held, balance };
}
