// Storefront reads: listings, search, facets, home and family/product pages. Server components
// call only these (never Prisma directly); every read applies the shopper visibility rule and
// returns plain serialisable objects (money as decimal strings, never cost).
import "server-only";
import { db } from "@/lib/db";
import { offerKey, type ProductOffer } from "@/lib/markets/offer";
import { buildProductWhere } from "./catalog-where";
import { memoizeCatalogRead } from "./memo";

export type { ProductSummary } from "./product-summary";
export type { FamilySummary } from "./family-tiles";
export { listFamilies, type FamilyListing } from "./family-listing";
export { getProductDetail, type ProductDetail } from "./product-page-query";
export { getFamilyPage, getSkuPage, type FamilyPage, type FamilySelection } from "./family-page-query";
export { getBrowseFacets, listProductTypes, type BrowseFacets, type FacetOption } from "./facet-queries";
export { getHomeData, type HomeData } from "./home-data";
// What pages call: the reads above, cached by catalog version (lib/catalog/cache).
export { readFamilyPage, readListingStamp } from "./cache/cached-reads";
export { readCatalogStamps } from "./cache/stamps";

export type NamedSlug = { id: string; name: string; slug: string };

/** A category page exists only while at least one visible product (that its market offers) is on that shelf. */
export async function getCategoryBySlug(slug: string, offer?: ProductOffer): Promise<NamedSlug | null> {
  const category = await db.category.findUnique({ where: { slug }, select: { id: true, name: true, slug: true } });
  if (!category) return null;
  const visible = await db.product.count({ where: buildProductWhere({}, { categoryId: category.id, offer }), take: 1 });
  return visible > 0 ? category : null;
}

/** A brand page exists only while the brand has at least one visible product (that its market offers). */
export async function getBrandBySlug(slug: string, offer?: ProductOffer): Promise<NamedSlug | null> {
  const brand = await db.brand.findUnique({ where: { slug }, select: { id: true, name: true, slug: true } });
  if (!brand) return null;
  const visible = await db.product.count({ where: buildProductWhere({}, { brandId: brand.id, offer }), take: 1 });
  return visible > 0 ? brand : null;
}

/** Categories with visible products (of those a market offers) and how many families each holds, for the home page. */
export async function listCategories(offer?: ProductOffer): Promise<(NamedSlug & { count: number })[]> {
  return memoizeCatalogRead(offer ? `categories:${offerKey(offer)}` : "categories", () => loadCategories(offer));
}

async function loadCategories(offer: ProductOffer | undefined): Promise<(NamedSlug & { count: number })[]> {
  const pairs = await db.product.groupBy({ by: ["categoryId", "familySlug"], where: buildProductWhere({}, { offer }) });
  const counts = new Map<string, number>();
  for (const p of pairs) counts.set(p.categoryId, (counts.get(p.categoryId) ?? 0) + 1);
  const categories = await db.category.findMany({
    where: { id: { in: [...counts.keys()] } },
    select: { id: true, name: true, slug: true },
    orderBy: { name: "asc" },
  });
  return categories.map((c) => ({ ...c, count: counts.get(c.id) ?? 0 }));
}
