// After a purchase whose outcome was unknown (timeout, dropped answer, 5xx), a later refusal that
// names no order (e.g. "out of stock" from an upstream that checks stock before it looks the key
// up) does not prove that no order exists (docs/money-rules.md#m4). Before refunding, the shop
// looks for the order in the upstream's order list.
import "server-only";
import { db } from "@/lib/db";
import { recordedCall } from "./record-call";
import { ordersUpstream } from "../core/upstream-port";

/** How long after the first unknown outcome the shop keeps trying the key and looking, before it refunds. */
export const unknownOutcomeSearchMs = 30 * 60_000;

/** Upstream and shop clocks differ a little: orders this much older than the first attempt still count. */
const clockSkewMs = 5 * 60_000;
/** The search reads back to the first attempt; past this many pages (10,000 orders) it cannot tell. */
const maxPages = 100;

type Line = {
  id: string;
  supplier: string;
  supplierItemCode: string | null;
  orderId: string;
  itemCode: string;
  quantity: number;
  firstAttemptAt: Date | null;
  createdAt: Date;
};

/**
 * The id of an upstream order for this line's SKU and quantity, created since its first attempt
 * and not linked to any line yet; null when there is none. `searchable` says whether the list
 * could show such an order at all: its item_code, quantity and created_at are not part of the
 * contract, and an upstream that does not send them never matches (an empty list is searchable).
 */
export async function findUpstreamOrderFor(
  line: Line,
  now: Date,
  signal?: AbortSignal,
): Promise<{ orderId: number | null; searchable: boolean }> {
  const since = (line.firstAttemptAt ?? line.createdAt).getTime() - clockSkewMs;
  const ctx = { orderId: line.orderId, lineId: line.id, supplier: line.supplier, now: () => now };
  let searchable = true;
  for (let page = 1; page <= maxPages; page++) {
    const list = await recordedCall(ctx, "GET /orders", () =>
      ordersUpstream(line.supplier).listOrders(
        { page, perPage: 100, sortBy: "created_at", order: "desc" },
        { priority: "poll", signal },
      ),
    );
    if (list.orders.some((o) => o.itemCode === undefined || o.quantity === undefined || o.createdAt === undefined))
      searchable = false;
    const candidates = list.orders
      .filter(
        (o) =>
          o.itemCode === (line.supplierItemCode ?? line.itemCode) &&
          o.quantity === line.quantity &&
          o.status !== "failed" &&
          o.createdAt &&
          Date.parse(o.createdAt) >= since,
      )
      .reverse();
    for (const c of candidates) {
      if (
        !(await db.orderLine.findUnique({
          where: { supplier_upstreamOrderId: { supplier: line.supplier, upstreamOrderId: c.orderId } },
          select: { id: true },
        }))
      )
        return { orderId: c.orderId, searchable };
    }
    const oldest = list.orders.at(-1)?.createdAt;
    // Read back to the first attempt: a page that still holds newer orders is not the end.
    if (list.orders.length === 0 || page >= list.pagination.lastPage || (oldest && Date.parse(oldest) < since))
      return { orderId: null, searchable };
  }
  // Too many newer orders to reach the first attempt: absence cannot be shown.
  return { orderId: null, searchable: false };
}
