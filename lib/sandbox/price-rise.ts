import "server-only";
// The price-rise fault (priceRiseNext): the SKU's price changes between the shop's check and its
// purchase, persisted as a real catalog change (updated_at moves, so a delta sync sees it).
import type { Ctx } from "./context";
import { takeCountedFault } from "./faults";
import { formatCents } from "./money";
import { getProduct } from "./product-row";
import { applyCatalogChanges } from "./publish";

/** Before a purchase (not a replay) of a listed SKU, raises its list price by priceRisePercent while priceRiseNext lasts. */
export function raisePriceBeforePurchase(ctx: Ctx, itemCode: string, key: string | null): void {
  if ((ctx.faults().priceRiseNext ?? 0) <= 0) return;
  ctx.db
    .transaction(() => {
      if (key !== null && ctx.db.prepare("SELECT 1 FROM idempotency_keys WHERE key = ?").get(key)) return;
      const p = getProduct(ctx.db, itemCode);
      if (!p?.listed) return;
      const f = takeCountedFault(ctx, "priceRiseNext");
      if (!f) return;
      const raised = Math.max(0, Math.round((p.price_cents * (100 + (f.priceRisePercent ?? 20))) / 100));
      applyCatalogChanges(ctx, { priceChanges: { [itemCode]: formatCents(raised) } });
    })
    .immediate();
}
