// When shoppers' checks have spent their share of the upstream budget, a line whose catalog row
// is fresh is priced from the catalog instead of waiting for the next window
// (docs/money-rules.md#when-checks-have-spent-their-share). The upstream still re-validates
// stock at purchase, and a failed purchase is refunded as any other; the minimum margin is
// checked on the stored cost plus a buffer, so a price that moved a little since the sync is
// still never sold below cost (docs/money-rules.md#m5).
import "server-only";
import { Prisma } from "@/lib/db";
import { offersReadAt } from "@/lib/catalog/offers/supplier-cursor";
import { catalogSyncedAt } from "@/lib/catalog/synced-at";
import type { Product } from "@prisma/client";
import { catalogTrustMs } from "../core/charged-cost";

/** A catalog row is fresh while the newest successful sync started at most this long ago (two delta intervals). */
export const catalogFreshMs = catalogTrustMs;

/** The margin of a line priced from the catalog is checked as if the supplier charged this much more. */
export const catalogCostBufferPercent = 5;

/**
 * The unit cost the minimum margin is checked on, with or without a promo code: the live cost,
 * or for a line priced from the catalog its stored cost plus the buffer.
 */
export function marginUnitCost(line: { unitCost: Prisma.Decimal; liveChecked: boolean }): Prisma.Decimal {
  if (line.liveChecked) return line.unitCost;
  return line.unitCost.times(new Prisma.Decimal(100 + catalogCostBufferPercent).div(100));
}

/** Whether a catalog price and stock may stand in for a live check at `now` (the product is sellable). */
export function isCatalogRowFresh(product: Pick<Product, "inStock">, syncedAt: Date | null, now: Date): boolean {
  return product.inStock && syncedAt !== null && now.getTime() - syncedAt.getTime() <= catalogFreshMs;
}

/** Reads when the catalog was synced once per quote, and only when a line needs to know. */
export function catalogFreshness(now: Date): (product: Pick<Product, "inStock">) => Promise<boolean> {
  let syncedAt: Promise<Date | null> | undefined;
  return async (product) => isCatalogRowFresh(product, await (syncedAt ??= catalogSyncedAt()), now);
}

/**
 * The same for another supplier's offer (docs/suppliers.md#offers): its stored cost is as new as
 * that supplier's last read of its own catalog, whatever main's sync says.
 */
export function offerFreshness(supplier: string, now: Date): (product: Pick<Product, "inStock">) => Promise<boolean> {
  let readAt: Promise<Date | null> | undefined;
  return async (product) =>
    isCatalogRowFresh(product, await (readAt ??= offersReadAt().then((m) => m.get(supplier) ?? null)), now);
}
