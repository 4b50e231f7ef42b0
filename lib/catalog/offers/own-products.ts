// Products another supplier alone sells (docs/suppliers.md#products-of-another-supplier-alone):
// its catalog row becomes a shop product of its own, coded `<supplier>-<itemCode>` (match.ts), with
// `source` naming the supplier, main's stock false (main does not sell it) and the shop price from
// the markup rules on that supplier's cost. Later reads keep the row's columns up to date; the
// stock it shows follows its offers (offer-stock.ts). Written in one transaction that moves the
// catalog version for the scopes it touched, so listings, search and cached pages show it.
import "server-only";
import { db, Prisma } from "@/lib/db";
import { loadPricingRules } from "@/lib/pricing/rules";
import type { UpstreamProduct } from "@/lib/upstream";
import { ensureBrandsAndCategories, newId } from "../brands-categories";
import { notifyCatalogChanged } from "../cache/page-invalidation";
import { commitCatalogChange } from "../catalog-version";
import { mapUpstreamProduct } from "../map-product";
import { changedScopes } from "../scopes";
import { replaceProductCountries, upsertProducts, type ProductWrite } from "../upsert-products";

export type OwnProduct = { code: string; row: UpstreamProduct };

/**
 * Creates or refreshes the supplier's own products. A code already held by a product of another
 * source (main listing that very code) is left alone and returned as refused.
 */
export async function writeOwnProducts(
  supplier: string,
  products: readonly OwnProduct[],
  now: Date,
): Promise<{ written: string[]; refused: string[] }> {
  if (products.length === 0) return { written: [], refused: [] };
  const rules = await loadPricingRules();
  const existing = new Map(
    (
      await db.product.findMany({
        where: { itemCode: { in: products.map((p) => p.code) } },
        select: {
          id: true,
          itemCode: true,
          source: true,
          listed: true,
          upstreamUpdatedAt: true,
          shopPrice: true,
          productType: true,
          brandId: true,
          categoryId: true,
          familySlug: true,
        },
      })
    ).map((p) => [p.itemCode, p]),
  );
  const refused = products.filter((p) => existing.get(p.code) && existing.get(p.code)!.source !== supplier);
  const mine = products.filter((p) => !refused.includes(p));
  const written: string[] = [];
  await db.$transaction(
    async (tx) => {
      const refs = await ensureBrandsAndCategories(
        tx,
        mine.map((p) => ({ brand: p.row.brand, category: p.row.category })),
      );
      const writes: ProductWrite[] = [];
      const countries: { productId: string; countryCode: string }[] = [];
      const scopes = new Set<string>();
      for (const { code, row } of mine) {
        const cols = mapUpstreamProduct({ ...row, itemCode: code }, rules);
        const ex = existing.get(code);
        const unchanged =
          ex &&
          ex.listed &&
          ex.upstreamUpdatedAt.getTime() === Date.parse(row.updatedAt) &&
          ex.shopPrice.equals(cols.shopPrice as Prisma.Decimal);
        if (unchanged) continue;
        const id = ex?.id ?? newId();
        const brandId = refs.brandId(row.brand);
        const categoryId = refs.categoryId(row.category);
        writes.push({ id, data: { ...cols, mainInStock: false, source: supplier, brandId, categoryId } });
        for (const c of new Set(row.countryCode)) countries.push({ productId: id, countryCode: c });
        const after = { productType: row.productType, brandId, categoryId, familySlug: cols.familySlug as string };
        for (const k of changedScopes([ex, after])) scopes.add(k);
        written.push(code);
      }
      if (writes.length === 0) return;
      await upsertProducts(tx, writes, now);
      await replaceProductCountries(
        tx,
        writes.map((w) => w.id),
        countries,
      );
      await commitCatalogChange(tx, scopes);
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
  if (written.length > 0) await notifyCatalogChanged();
  return { written, refused: refused.map((p) => p.code) };
}
