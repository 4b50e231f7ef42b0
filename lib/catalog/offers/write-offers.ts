// Writes one supplier's offers (docs/suppliers.md#offers). An offer the owner placed by hand keeps
// its product (byHand); the sync writes only its cost, currency and stock.
import "server-only";
import { db, type Prisma } from "@/lib/db";

export type OfferRow = {
  itemCode: string;
  productCode: string;
  unitCost: Prisma.Decimal;
  currency: string;
  inStock: boolean;
};

/** Writes the offers that are new or changed; an unchanged offer is not written again. */
export async function upsertOffers(supplier: string, rows: readonly OfferRow[]): Promise<number> {
  const held = new Map<
    string,
    { productCode: string; unitCost: Prisma.Decimal; currency: string; inStock: boolean; byHand: boolean }
  >();
  for (let i = 0; i < rows.length; i += 500)
    for (const o of await db.offer.findMany({
      where: { supplier, itemCode: { in: rows.slice(i, i + 500).map((r) => r.itemCode) } },
      select: { itemCode: true, productCode: true, unitCost: true, currency: true, inStock: true, byHand: true },
    }))
      held.set(o.itemCode, o);
  let written = 0;
  for (const r of rows) {
    const ex = held.get(r.itemCode);
    const facts = { unitCost: r.unitCost, currency: r.currency, inStock: r.inStock };
    if (!ex) await db.offer.create({ data: { supplier, ...r } });
    else if (
      ex.unitCost.equals(r.unitCost) &&
      ex.currency === r.currency &&
      ex.inStock === r.inStock &&
      (ex.byHand || ex.productCode === r.productCode)
    )
      continue;
    else {
      // An offer the owner placed by hand keeps its product, even when the owner placed it since
      // it was read above: the product moves only while the offer is still placed by the key.
      const where = { supplier, itemCode: r.itemCode };
      const byKey = ex.byHand
        ? 0
        : (
            await db.offer.updateMany({
              where: { ...where, byHand: false },
              data: { ...facts, productCode: r.productCode },
            })
          ).count;
      if (byKey === 0) await db.offer.updateMany({ where, data: facts });
    }
    written++;
  }
  return written;
}

/** Marks out of stock the named offers of a supplier (left its catalog), in chunks. */
export async function markOffersGone(supplier: string, itemCodes: readonly string[]): Promise<number> {
  let count = 0;
  for (let i = 0; i < itemCodes.length; i += 500)
    count += (
      await db.offer.updateMany({
        where: { supplier, inStock: true, itemCode: { in: itemCodes.slice(i, i + 500) } },
        data: { inStock: false },
      })
    ).count;
  return count;
}

/** After a whole read: every in-stock offer of the supplier the read did not list has left. */
export async function markUnlistedGone(supplier: string, listed: ReadonlySet<string>): Promise<number> {
  const held = await db.offer.findMany({ where: { supplier, inStock: true }, select: { itemCode: true } });
  return markOffersGone(
    supplier,
    held.map((o) => o.itemCode).filter((code) => !listed.has(code)),
  );
}
