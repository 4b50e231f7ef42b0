// What a supplier was last charged for an offer (docs/money-rules.md#m5): a purchase answers with
// the amount the supplier took, so a price rise is known from the first purchase that paid it,
// before any catalog sync sees it. A stored cost (the catalog's, or another supplier's offer) is
// read as the higher of itself and what recent purchases of the same offer were charged per unit,
// so neither a catalog-priced quote nor the price guard before a purchase trusts a cost the shop
// has already seen rise.
import "server-only";
import { db, Prisma } from "@/lib/db";

/** How long a catalog row stands in for a live check, and so how far back purchases are read. */
export const catalogTrustMs = 10 * 60_000;

/** How many of the offer's latest purchases are read (the newest decide; a few cover a burst). */
const recentPurchases = 20;

export type OfferRef = { supplier: string; productCode: string; supplierItemCode: string | null };

/**
 * `stored`, or the highest unit cost a purchase of this offer was charged within catalogTrustMs of
 * `now` when that is higher (the line's own charge divided by its quantity).
 */
export async function costWithRecentCharges(
  offer: OfferRef,
  stored: Prisma.Decimal,
  now: Date,
): Promise<Prisma.Decimal> {
  const bought = await db.orderLine.findMany({
    where: {
      itemCode: offer.productCode,
      supplier: offer.supplier,
      supplierItemCode: offer.supplierItemCode,
      upstreamAmount: { not: null },
      updatedAt: { gte: new Date(now.getTime() - catalogTrustMs), lte: now },
    },
    orderBy: { updatedAt: "desc" },
    take: recentPurchases,
    select: { upstreamAmount: true, quantity: true },
  });
  return bought.reduce((highest, line) => {
    const unit = line.upstreamAmount!.div(line.quantity);
    return unit.gt(highest) ? unit : highest;
  }, stored);
}
