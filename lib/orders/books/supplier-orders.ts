// The books against one supplier's own order list (GET /orders): every live order of that supplier
// belongs to exactly one line bought from it, and every such line's order is listed. Two suppliers
// number their orders independently, so a number means something only with its supplier
// (docs/suppliers.md#staff).
import "server-only";
import { db, Prisma } from "@/lib/db";
import type { BooksProblem } from "./problems";

/**
 * Upstream orders as the upstream lists them (GET /orders): the ids and statuses, and what each
 * took from the supplier's wallet when known (then checked against the shop's count of it).
 */
export type UpstreamOrderSummary = { orderId: number; status: string; amount?: string };

/** How a problem names a supplier's order: main's as before, another's with its name. */
function words(supplier: string) {
  return supplier === "main"
    ? { order: "supplier order", line: "no line", list: "the supplier's list" }
    : { order: `supplier ${supplier}'s order`, line: `no line of ${supplier}`, list: `${supplier}'s list` };
}

/**
 * Upstream orders against the lines bought from `supplier`: the lines of the orders checked, or (a
 * recent page of the supplier's list) every line whose order is at least as new as the oldest listed.
 */
export async function checkSupplierOrders(
  upstream: UpstreamOrderSummary[],
  supplier: string,
  orderIds?: string[],
): Promise<BooksProblem[]> {
  const out: BooksProblem[] = [];
  const w = words(supplier);
  const live = upstream.filter((o) => o.status !== "failed");
  const oldest = Math.min(...upstream.map((o) => o.orderId));
  const scope = orderIds
    ? { orderId: { in: orderIds } }
    : { upstreamOrderId: { gte: Number.isFinite(oldest) ? oldest : 0 } };
  const lines = await db.orderLine.findMany({
    where: { supplier, upstreamOrderId: { not: null }, ...scope },
    select: { id: true, orderId: true, upstreamOrderId: true, status: true },
  });
  const byUpstream = new Map(lines.map((l) => [l.upstreamOrderId!, l]));
  const known = new Set(upstream.map((o) => o.orderId));
  const owned = orderIds
    ? new Map(
        (
          await db.orderLine.findMany({
            where: { supplier, upstreamOrderId: { in: live.map((o) => o.orderId) } },
            select: { upstreamOrderId: true },
          })
        ).map((l) => [l.upstreamOrderId!, true]),
      )
    : byUpstream;
  for (const o of live) {
    if (!owned.has(o.orderId))
      out.push({
        kind: "upstream_order_without_line",
        orderId: "",
        detail: `${w.order} ${o.orderId} (${o.status}) belongs to ${w.line}`,
        supplier,
      });
  }
  out.push(...(await checkDebits(live, supplier)));
  for (const l of lines) {
    if (!known.has(l.upstreamOrderId!))
      out.push({
        kind: "line_without_upstream_order",
        orderId: l.orderId,
        lineId: l.id,
        detail: `${w.order} ${l.upstreamOrderId} is not in ${w.list}`,
        supplier,
      });
  }
  return out;
}

/**
 * What each live order took from the supplier's wallet against what the shop counted for it in
 * that supplier's estimate (its UpstreamSpend row: docs/suppliers.md#per-supplier). An order the
 * shop owns but never counted, or counted at another amount, leaves that wallet's estimate wrong.
 */
async function checkDebits(live: UpstreamOrderSummary[], supplier: string): Promise<BooksProblem[]> {
  const priced = live.filter((o) => o.amount !== undefined);
  if (priced.length === 0) return [];
  const ids = priced.map((o) => o.orderId);
  const [spends, owners] = await Promise.all([
    db.upstreamSpend.findMany({ where: { supplier, upstreamOrderId: { in: ids } } }),
    db.orderLine.findMany({
      where: { supplier, upstreamOrderId: { in: ids } },
      select: { id: true, orderId: true, upstreamOrderId: true },
    }),
  ]);
  const spendOf = new Map(spends.map((x) => [x.upstreamOrderId, x]));
  const w = words(supplier);
  const out: BooksProblem[] = [];
  for (const line of owners) {
    const listed = priced.find((o) => o.orderId === line.upstreamOrderId)!;
    const spend = spendOf.get(listed.orderId);
    const took = new Prisma.Decimal(listed.amount!);
    if (spend && spend.amount.equals(took)) continue;
    out.push({
      kind: "wallet_debit_mismatch",
      orderId: line.orderId,
      lineId: line.id,
      supplier,
      detail: spend
        ? `${w.order} ${listed.orderId} took ${took.toFixed(2)} from the wallet, but the shop counted ${spend.amount.toFixed(2)}`
        : `${w.order} ${listed.orderId} took ${took.toFixed(2)} from the wallet, but the shop never counted it`,
    });
  }
  return out;
}
