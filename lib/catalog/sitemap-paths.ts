// Every catalog page a sitemap lists, as paths without a market prefix (docs/markets.md#urls):
// the home page, the product types, categories and brands with a visible product, every family
// and every visible product. The sitemap (app/sitemap.ts) writes each in every market and language.
import "server-only";
import { db } from "@/lib/db";
import type { ProductOffer } from "@/lib/markets/offer";
import { offeredProductWhere } from "./catalog-where";

/** The paths of a market's pages: of the products it offers (absent: every product). */
export async function listCatalogPaths(offer?: ProductOffer): Promise<string[]> {
  const rows = await db.product.findMany({
    where: offeredProductWhere(offer),
    select: {
      itemCode: true,
      familySlug: true,
      productType: true,
      brand: { select: { slug: true } },
      category: { select: { slug: true } },
    },
    orderBy: { itemCode: "asc" },
  });
  const e = encodeURIComponent;
  const paths = new Set<string>(["/"]);
  for (const r of rows) paths.add(`/t/${e(r.productType)}`);
  for (const r of rows) if (r.category) paths.add(`/c/${e(r.category.slug)}`);
  for (const r of rows) if (r.brand) paths.add(`/b/${e(r.brand.slug)}`);
  for (const r of rows) if (r.familySlug) paths.add(`/f/${e(r.familySlug)}`);
  for (const r of rows) paths.add(`/p/${e(r.itemCode)}`);
  return [...paths];
}
