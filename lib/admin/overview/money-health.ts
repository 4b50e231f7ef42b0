// The overview's money panel: the books (lib/orders/books/books.ts) over recent orders, and the lines
// that asked for a person (short deliveries, price holds, unreadable answers, refused refunds).
import "server-only";
import { requirePermission } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { checkBooks } from "@/lib/orders/books/books";
import { getUpstream } from "@/lib/upstream";

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
 * The books against the supplier's own list (GET /orders, newest first): every live supplier
 * order belongs to exactly one line, and every line's order is listed. Costs up to five upstream
 * calls, so it runs only when staff ask.
 */
export async function compareWithSupplier(now: Date = new Date()) {
  await requirePermission("orders.reconcile");
  const upstream = getUpstream();
  const orders: { orderId: number; status: string }[] = [];
  for (let page = 1; page <= supplierPagesChecked; page++) {
    const list = await upstream.listOrders(
      { page, perPage: 100, sortBy: "created_at", order: "desc" },
      { priority: "poll" },
    );
    orders.push(...list.orders.map((o) => ({ orderId: o.orderId, status: o.status })));
    if (page >= list.pagination.lastPage || list.orders.length === 0) break;
  }
  const books = await checkBooks({ since: new Date(now.getTime() - booksWindowMs), now, upstreamOrders: orders });
  return {
    supplierOrders: orders.length,
    problems: books.problems.filter(
      (p) => p.kind === "upstream_order_without_line" || p.kind === "line_without_upstream_order",
    ),
  };
}
