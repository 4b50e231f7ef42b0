import "server-only";
// Settlement of pending orders (spec part 3): pending → completed (codes, order.completed) or
// pending → failed (wallet restored, order.failed).
import type { Ctx } from "./context";
import { completionCodes } from "./delivery";
import { getOrder, type OrderRow } from "./order-view";
import { enqueueWebhook } from "./webhooks";

function settleOne(ctx: Ctx, order: OrderRow): void {
  const now = ctx.now();
  if (order.outcome === "complete") {
    const { codes, withheld } = completionCodes(ctx, order);
    ctx.db
      .prepare(
        "UPDATE orders SET status = 'completed', codes = ?, withheld_codes = ?, settled_at_ms = ? WHERE order_id = ? AND status = 'pending'",
      )
      .run(codes, withheld, now, order.order_id);
    enqueueWebhook(ctx, "order.completed", getOrder(ctx, order.order_id)!);
  } else {
    ctx.db
      .prepare(
        "UPDATE orders SET status = 'failed', debited = 0, settled_at_ms = ? WHERE order_id = ? AND status = 'pending'",
      )
      .run(now, order.order_id);
    if (order.debited)
      ctx.db.prepare("UPDATE wallet SET balance_cents = balance_cents + ? WHERE id = 1").run(order.amount_cents);
    ctx.db.prepare("UPDATE products SET stock = stock + ? WHERE item_code = ?").run(order.quantity, order.item_code);
    enqueueWebhook(ctx, "order.failed", getOrder(ctx, order.order_id)!);
  }
}

/** Settles pending orders whose settle time has come (or the given/all pending ones when forced). */
export function settleOrders(ctx: Ctx, mode: { force: boolean; orderId?: number }): number {
  return ctx.db
    .transaction(() => {
      const rows = (
        mode.orderId !== undefined
          ? ctx.db.prepare("SELECT * FROM orders WHERE status = 'pending' AND order_id = ?").all(mode.orderId)
          : mode.force
            ? ctx.db.prepare("SELECT * FROM orders WHERE status = 'pending' ORDER BY order_id").all()
            : ctx.db
                .prepare("SELECT * FROM orders WHERE status = 'pending' AND settle_at_ms <= ? ORDER BY order_id")
                .all(ctx.now())
      ) as OrderRow[];
      for (const o of rows) settleOne(ctx, o);
      return rows.length;
    })
    .immediate();
}
