// Storefront reads: listings, search, facets, home and product pages. Server components call
// only these (never Prisma directly); every read applies the shopper visibility rule and
// returns plain serialisable objects (money as decimal strings, never cost).
import "server-only";
import { db } from "@/lib/db";
import { pageSize, type BrowseParams } from "./browse-params";
import { buildOrderBy, buildProductWhere, type BrowseScope } from "./catalog-where";
import { catalogMemo } from "./catalog-memo";
import { summarySelect, toProductSummary, type ProductSummary } from "./product-summary";
import { listSearchResults, type SearchNotice } from "./search-listing";

export type { ProductSummary } from "./product-summary";
export { getProductPage, type ProductDetail } from "./product-page-query";
export { getBrowseFacets, getHomeData, listProductTypes, type BrowseFacets, type FacetOption, type HomeData } from "./facet-queries";

export type ProductListing = {
  items: ProductSummary[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
  /** Set for a search: what was searched, a correction it made, spellings to offer when empty. */
  search?: SearchNotice;
};

/**
 * One page of products for a listing or search. A search (`q`) goes through the search module:
 * ranked exact item code > word prefix > contains, typo-tolerant (see search-listing.ts).
 */
export async function listProducts(params: Partial<BrowseParams>, scope: BrowseScope = {}): Promise<ProductListing> {
  if (params.q) return listSearchResults(params, scope);
  const where = buildProductWhere(params, scope);
  const page = Math.max(1, params.page ?? 1);
  const skip = (page - 1) * pageSize;
  const total = await db.product.count({ where });
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (skip >= total) return { items: [], total, page, pageCount, pageSize };
  const rows = await db.product.findMany({ where, orderBy: buildOrderBy(params.sort ?? "relevance"), skip, take: pageSize, select: summarySelect });
  return { items: rows.map((r) => toProductSummary(r)), total, page, pageCount, pageSize };
}

export type NamedSlug = { id: string; name: string; slug: string };

/** A category page exists only while at least one visible product is on that shelf. */
export async function getCategoryBySlug(slug: string): Promise<NamedSlug | null> {
  const category = await db.category.findUnique({ where: { slug }, select: { id: true, name: true, slug: true } });
  if (!category) return null;
  const visible = await db.product.count({ where: buildProductWhere({}, { categoryId: category.id }), take: 1 });
  return visible > 0 ? category : null;
}

/** A brand page exists only while the brand has at least one visible product. */
export async function getBrandBySlug(slug: string): Promise<NamedSlug | null> {
  const brand = await db.brand.findUnique({ where: { slug }, select: { id: true, name: true, slug: true } });
  if (!brand) return null;
  const visible = await db.product.count({ where: buildProductWhere({}, { brandId: brand.id }), take: 1 });
  return visible > 0 ? brand : null;
}

/** Categories with visible products, for the home page shelf list. */
export async function listCategories(): Promise<(NamedSlug & { count: number })[]> {
  return catalogMemo("categories", loadCategories);
}

async function loadCategories(): Promise<(NamedSlug & { count: number })[]> {
  const groups = await db.product.groupBy({ by: ["categoryId"], where: buildProductWhere({}), _count: { _all: true } });
  const categories = await db.category.findMany({
    where: { id: { in: groups.map((g) => g.categoryId) } },
    select: { id: true, name: true, slug: true },
    orderBy: { name: "asc" },
  });
  const counts = new Map(groups.map((g) => [g.categoryId, g._count._all]));
  return categories.map((c) => ({ ...c, count: counts.get(c.id) ?? 0 }));
}
