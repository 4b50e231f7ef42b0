// The admin orders list: filters and search as one Prisma `where`, server-paginated with
// take N+1 (no COUNT over 100k rows), lines fetched in the same query (no N+1).
import "server-only";
import { requirePermission } from "@/lib/auth/guards";
import { db, Prisma } from "@/lib/db";
import { normaliseOrderReference } from "@/lib/orders/core/order-reference";
import type { OrderFilters } from "./filters";

export const ordersPageSize = 50;

/**
 * Order ids matching a search term: the order reference (as typed: "gf 7k3p9q"), shop order id
 * or token, upstream order_no or order_id, or an exact email. Separate indexed lookups, because one OR across the line relation
 * scans every order.
 */
export async function searchOrderIds(term: string): Promise<string[]> {
  const q = term.trim();
  const lineOr: Prisma.OrderLineWhereInput[] = [{ upstreamOrderNo: q }];
  if (/^\d{1,15}$/.test(q)) lineOr.push({ upstreamOrderId: Number(q) });
  const orderOr: Prisma.OrderWhereInput[] = [{ id: q }, { token: q }];
  const reference = normaliseOrderReference(q);
  if (reference) orderOr.push({ reference });
  if (q.includes("@")) orderOr.push({ email: q.toLowerCase() });
  const [orders, lines] = await Promise.all([
    db.order.findMany({ where: { OR: orderOr }, select: { id: true }, take: 1000 }),
    db.orderLine.findMany({ where: { OR: lineOr }, select: { orderId: true }, take: 1000 }),
  ]);
  return [...new Set([...orders.map((o) => o.id), ...lines.map((l) => l.orderId)])];
}

/** Builds the where clause; every branch is served by an index on Order or OrderLine. */
export async function buildOrderWhere(f: OrderFilters): Promise<Prisma.OrderWhereInput> {
  const and: Prisma.OrderWhereInput[] = [];
  if (f.state) and.push({ status: f.state });
  if (f.email) {
    const email = f.email.toLowerCase();
    and.push(email.includes("@") ? { email } : { email: { startsWith: email } });
  }
  if (f.type) and.push({ lines: { some: { productType: f.type } } });
  if (f.from) and.push({ createdAt: { gte: new Date(`${f.from}T00:00:00Z`) } });
  if (f.to) and.push({ createdAt: { lt: new Date(new Date(`${f.to}T00:00:00Z`).getTime() + 86_400_000) } });
  if (f.q) and.push({ id: { in: await searchOrderIds(f.q) } });
  return and.length ? { AND: and } : {};
}

export type AdminOrderRow = {
  id: string;
  reference: string | null;
  email: string;
  status: string;
  total: string;
  currency: string;
  createdAt: Date;
  lines: { productName: string; quantity: number; status: string; upstreamOrderNo: string | null }[];
};

/** One page of orders, newest first; `hasNext` instead of a total count keeps it fast. */
export async function listAdminOrders(
  f: OrderFilters,
  pageSize = ordersPageSize,
): Promise<{ rows: AdminOrderRow[]; hasNext: boolean }> {
  await requirePermission("orders.read");
  const rows = await db.order.findMany({
    where: await buildOrderWhere(f),
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (f.page - 1) * pageSize,
    take: pageSize + 1,
    select: {
      id: true,
      reference: true,
      email: true,
      status: true,
      total: true,
      currency: true,
      createdAt: true,
      lines: { select: { productName: true, quantity: true, status: true, upstreamOrderNo: true } },
    },
  });
  return {
    hasNext: rows.length > pageSize,
    rows: rows.slice(0, pageSize).map((o) => ({ ...o, total: o.total.toFixed(2) })),
  };
}

/** Product types that appear on order lines, for the filter's select (small, distinct). */
export async function listOrderProductTypes(): Promise<string[]> {
  await requirePermission("orders.read");
  const rows = await db.product.findMany({
    distinct: ["productType"],
    select: { productType: true },
    orderBy: { productType: "asc" },
    take: 50,
  });
  return rows.map((r) => r.productType);
}
