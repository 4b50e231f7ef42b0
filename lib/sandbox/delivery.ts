import "server-only";
// Codes of an order that completes, including the short-delivery fault (shortCodesNext): the
// order is charged in full but carries fewer codes; with shortCodesHealOnRead the missing ones
// are kept aside and handed over by the first GET /orders/{id} after a short answer was served.
import type { Ctx } from "./context";
import { takeCountedFault } from "./faults";
import { generateCode, getOrder, type OrderRow } from "./order-view";

type CodeShape = Pick<OrderRow, "is_top_up" | "quantity" | "code_format">;

/** A full set of codes for a completed code order; top-ups get none. */
export function codesFor(order: CodeShape): string[] {
  return order.is_top_up ? [] : Array.from({ length: order.quantity }, () => generateCode(order.code_format));
}

/** The columns to write when an order completes now: codes (maybe short) and the withheld ones, if they heal. */
export function completionCodes(ctx: Ctx, order: CodeShape): { codes: string; withheld: string | null } {
  const full = codesFor(order);
  const f = order.is_top_up ? null : takeCountedFault(ctx, "shortCodesNext");
  if (!f) return { codes: JSON.stringify(full), withheld: null };
  const keep = Math.max(0, full.length - Math.max(0, Math.floor(f.shortCodesMissing ?? 1)));
  const withheld = full.slice(keep);
  return {
    codes: JSON.stringify(full.slice(0, keep)),
    withheld: f.shortCodesHealOnRead && withheld.length > 0 ? JSON.stringify(withheld) : null,
  };
}

/** Notes that a short answer was served (purchase response or replay), so the next GET heals it. */
export function markShortServed(ctx: Ctx, orderId: number): void {
  ctx.db.prepare("UPDATE orders SET short_served = 1 WHERE order_id = ? AND withheld_codes IS NOT NULL").run(orderId);
}

/** The order as GET /orders/{id} shows it: heals a short order already seen short, else marks it seen. */
export function readOrderForDetail(ctx: Ctx, orderId: number): OrderRow | undefined {
  return ctx.db
    .transaction(() => {
      const o = getOrder(ctx, orderId);
      if (!o || o.withheld_codes === null || o.status !== "completed") return o;
      if (!o.short_served) {
        markShortServed(ctx, orderId);
        return o;
      }
      const codes = [...(JSON.parse(o.codes) as string[]), ...(JSON.parse(o.withheld_codes) as string[])];
      ctx.db
        .prepare("UPDATE orders SET codes = ?, withheld_codes = NULL WHERE order_id = ?")
        .run(JSON.stringify(codes), orderId);
      return getOrder(ctx, orderId);
    })
    .immediate();
}
