// The overview's money panel: the books (lib/orders/books/books.ts) over recent orders, and the lines
// that asked for a person (short deliveries, price holds, unreadable answers, refused refunds).
import "server-only";
import { requirePermission } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { checkBooks, type BooksProblemKind, type UpstreamOrderSummary } from "@/lib/orders/books/books";
import { getUpstream, listSupplierConfigs } from "@/lib/upstream";

/** The books are checked over orders changed in this window (older ones were checked when they were recent). */
export const booksWindowMs = 7 * 86_400_000;
const listed = 10;

export async function getMoneyHealth(now: Date = new Date()) {
  await requirePermission("orders.read");
  const [books, attentionCount, attention] = await Promise.all([
    checkBooks({ since: new Date(now.getTime() - booksWindowMs), now }),
    db.orderLine.count({ where: { attentionReason: { not: null } } }),
    db.orderLine.findMany({
      where: { attentionReason: { not: null } },
      orderBy: [{ attentionAt: "desc" }, { id: "asc" }],
      take: listed,
      select: { id: true, orderId: true, productName: true, status: true, attentionReason: true, attentionAt: true },
    }),
  ]);
  return {
    books: {
      checkedOrders: books.checkedOrders,
      problemCount: books.problems.length,
      problems: books.problems.slice(0, listed),
    },
    attention: { count: attentionCount, lines: attention },
  };
}
export type MoneyHealth = Awaited<ReturnType<typeof getMoneyHealth>>;

/** Pages of the supplier's order list read by one comparison (100 orders each; the newest first). */
export const supplierPagesChecked = 5;

/**
 * The books against each configured supplier's own list (GET /orders, newest first): every live
 * order of a supplier belongs to exactly one line bought from it, every such line's order is
 * listed, and what each took from that supplier's wallet is what the shop counted (docs/suppliers.md#staff). Costs up to five upstream calls per supplier, each of its own
 * budget, so it runs only when staff ask. A supplier whose list cannot be read fails the comparison.
 */
export async function compareWithSupplier(now: Date = new Date()) {
  await requirePermission("orders.reconcile");
  const suppliers = [];
  for (const { name } of listSupplierConfigs()) {
    const orders = await listSupplierOrders(name);
    const books = await checkBooks({
      since: new Date(now.getTime() - booksWindowMs),
      now,
      upstreamOrders: orders,
      supplier: name,
    });
    const problems = books.problems.filter((p) => comparisonKinds.includes(p.kind));
    suppliers.push({ supplier: name, supplierOrders: orders.length, problems });
  }
  return {
    supplierOrders: suppliers.reduce((n, s) => n + s.supplierOrders, 0),
    problems: suppliers.flatMap((s) => s.problems),
    suppliers,
  };
}

const comparisonKinds: BooksProblemKind[] = [
  "upstream_order_without_line",
  "line_without_upstream_order",
  "wallet_debit_mismatch",
];

async function listSupplierOrders(supplier: string) {
  const upstream = getUpstream(supplier);
  const orders: UpstreamOrderSummary[] = [];
  for (let page = 1; page <= supplierPagesChecked; page++) {
    const list = await upstream.listOrders(
      { page, perPage: 100, sortBy: "created_at", order: "desc" },
      { priority: "poll" },
    );
    orders.push(...list.orders.map((o) => ({ orderId: o.orderId, status: o.status, amount: o.amount })));
    if (page >= list.pagination.lastPage || list.orders.length === 0) break;
  }
  return orders;
}
