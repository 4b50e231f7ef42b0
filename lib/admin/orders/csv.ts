// CSV export of the filtered orders list: one row per line, streamed in keyset batches so a
// large export never holds every row in memory. Never codes or top-up fields.
import "server-only";
import { db } from "@/lib/db";
import { amountString } from "@/lib/markets/format";
import type { OrderFilters } from "./filters";
import { csvCell } from "./csv-cell";
import { buildOrderWhere } from "./list";

export const csvMaxOrders = 100_000;
const batch = 500;
const header = [
  "order_id",
  "created_at",
  "email",
  "order_status",
  "total",
  "currency",
  "line_id",
  "item_code",
  "product_name",
  "product_type",
  "quantity",
  "unit_price",
  "unit_cost",
  "line_total",
  "line_status",
  "upstream_order_id",
  "upstream_order_no",
  // The supplier whose order it is: two suppliers number their orders independently (docs/suppliers.md#staff).
  "supplier",
];

/** The export as a stream of CSV text (header first), newest orders first. */
export function streamOrdersCsv(f: OrderFilters): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  let where: Awaited<ReturnType<typeof buildOrderWhere>> | undefined;
  let cursor: string | undefined;
  let sent = 0;
  let started = false;
  return new ReadableStream({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(enc.encode(header.join(",") + "\n"));
        return;
      }
      where ??= await buildOrderWhere(f);
      const orders = await db.order.findMany({
        where,
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: Math.min(batch, csvMaxOrders - sent),
        ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
        select: {
          id: true,
          createdAt: true,
          email: true,
          status: true,
          total: true,
          currency: true,
          walletCurrency: true,
          lines: {
            select: {
              id: true,
              itemCode: true,
              productName: true,
              productType: true,
              quantity: true,
              unitPrice: true,
              unitCost: true,
              lineTotal: true,
              status: true,
              upstreamOrderId: true,
              upstreamOrderNo: true,
              supplier: true,
            },
          },
        },
      });
      if (orders.length === 0) return controller.close();
      const text = orders
        .flatMap((o) =>
          o.lines.map((l) =>
            [
              o.id,
              o.createdAt.toISOString(),
              o.email,
              o.status,
              amountString(o.total, o.currency),
              o.currency,
              l.id,
              l.itemCode,
              l.productName,
              l.productType,
              l.quantity,
              amountString(l.unitPrice, o.currency),
              // the supplier's cost is in the wallet currency
              amountString(l.unitCost, o.walletCurrency ?? o.currency),
              amountString(l.lineTotal, o.currency),
              l.status,
              l.upstreamOrderId,
              l.upstreamOrderNo,
              l.supplier,
            ]
              .map(csvCell)
              .join(","),
          ),
        )
        .join("\n");
      if (text) controller.enqueue(enc.encode(text + "\n"));
      sent += orders.length;
      cursor = orders[orders.length - 1].id;
      if (orders.length < batch || sent >= csvMaxOrders) controller.close();
    },
  });
}
