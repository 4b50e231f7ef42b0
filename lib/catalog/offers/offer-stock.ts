// The stock a shop product shows, read from its offers (docs/suppliers.md#offers): with several
// suppliers a product with offers is in stock while any enabled, unpaused supplier's offer is.
// Main's own stock stays in `mainInStock` (its catalog row), so main's offer never reads back
// what this wrote. A product without offers (a shop with main alone) keeps main's stock.
import "server-only";
import { db } from "@/lib/db";
import { listSuppliers } from "@/lib/suppliers/rows";
import { MAIN_SUPPLIER } from "@/lib/upstream";
import { walletIdOf } from "@/lib/wallet/wallet-row";
import { notifyCatalogChanged } from "../cache/page-invalidation";
import { commitCatalogChange } from "../catalog-version";
import { productScopes } from "../scopes";

const BATCH = 500;

/** The suppliers whose offers count for stock now: enabled by the owner, not paused after a 402. */
export async function stockingSuppliers(): Promise<string[]> {
  const rows = await listSuppliers();
  const paused = new Set(
    (
      await db.upstreamWallet.findMany({
        where: { id: { in: rows.map((r) => walletIdOf(r.name)) }, pausedAt: { not: null } },
        select: { id: true },
      })
    ).map((w) => w.id),
  );
  return rows.filter((r) => r.enabled && !paused.has(walletIdOf(r.name))).map((r) => r.name);
}

/**
 * Writes each offered product's shown stock (all of them, or those named), in one transaction
 * that moves the catalog version for the products whose stock changed. Returns how many changed.
 */
export async function applyOfferStock(productCodes?: readonly string[]): Promise<number> {
  const suppliers = new Set(await stockingSuppliers());
  const offers = await db.offer.findMany({
    where: productCodes ? { productCode: { in: [...productCodes] } } : {},
    select: { productCode: true, supplier: true, inStock: true },
  });
  const stocked = new Map<string, boolean>();
  for (const o of offers)
    stocked.set(o.productCode, (stocked.get(o.productCode) ?? false) || (o.inStock && suppliers.has(o.supplier)));
  // A named product none of whose offers is left (the owner linked them elsewhere) stays: out of
  // stock when another supplier alone sold it, with main's own stock when it is main's row.
  const codes = [...new Set([...stocked.keys(), ...(productCodes ?? [])])];
  const changed: { itemCode: string; inStock: boolean; scopes: string[] }[] = [];
  for (let i = 0; i < codes.length; i += BATCH) {
    const rows = await db.product.findMany({
      where: { itemCode: { in: codes.slice(i, i + BATCH) } },
      select: {
        itemCode: true,
        inStock: true,
        mainInStock: true,
        source: true,
        productType: true,
        brandId: true,
        categoryId: true,
        familySlug: true,
      },
    });
    for (const p of rows) {
      const inStock = stocked.get(p.itemCode) ?? (p.source === MAIN_SUPPLIER && p.mainInStock);
      if (p.inStock !== inStock) changed.push({ itemCode: p.itemCode, inStock, scopes: productScopes(p) });
    }
  }
  if (changed.length === 0) return 0;
  await db.$transaction(async (tx) => {
    for (const value of [true, false]) {
      const these = changed.filter((c) => c.inStock === value).map((c) => c.itemCode);
      for (let i = 0; i < these.length; i += BATCH)
        await tx.product.updateMany({
          where: { itemCode: { in: these.slice(i, i + BATCH) } },
          data: { inStock: value },
        });
    }
    await commitCatalogChange(
      tx,
      changed.flatMap((c) => c.scopes),
    );
  });
  await notifyCatalogChanged();
  return changed.length;
}
