// Storefront reads: listings, search, facets, home and product pages. Server components call
// only these (never Prisma directly); every read applies the shopper visibility rule and
// returns plain serialisable objects (money as decimal strings, never cost).
import "server-only";
import { db, Prisma } from "@/lib/db";
import { pageSize, type BrowseParams } from "./browse-params";
import { buildOrderBy, buildProductWhere, buildRelevanceTiers, type BrowseScope } from "./catalog-where";
import { catalogMemoMs } from "./facet-queries";
import { memoize } from "./memo";
import { summarySelect, toProductSummary, type ProductSummary } from "./product-summary";

export type { ProductSummary } from "./product-summary";
export { getProductPage, type ProductDetail } from "./product-page-query";
export { getBrowseFacets, getHomeData, listProductTypes, type BrowseFacets, type FacetOption, type HomeData } from "./facet-queries";

export type ProductListing = { items: ProductSummary[]; total: number; page: number; pageCount: number; pageSize: number };

/**
 * One page of products for a listing or search. With a query and relevance sort the result is
 * ordered in tiers (exact item code, word prefix, contains), paginated across tiers on the server.
 */
export async function listProducts(params: Partial<BrowseParams>, scope: BrowseScope = {}): Promise<ProductListing> {
  const where = buildProductWhere(params, scope);
  const page = Math.max(1, params.page ?? 1);
  const skip = (page - 1) * pageSize;
  const total = await db.product.count({ where });
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (skip >= total) return { items: [], total, page, pageCount, pageSize };

  const sort = params.sort ?? "relevance";
  if (!params.q || sort !== "relevance") {
    const rows = await db.product.findMany({ where, orderBy: buildOrderBy(sort), skip, take: pageSize, select: summarySelect });
    return { items: rows.map((r) => toProductSummary(r)), total, page, pageCount, pageSize };
  }
  return { items: await listByRelevance(where, params.q, skip, total), total, page, pageCount, pageSize };
}

async function listByRelevance(where: Prisma.ProductWhereInput, q: string, skip: number, total: number) {
  const [exact, prefix] = buildRelevanceTiers(q).map((tier) => ({ AND: [where, tier] }));
  const rest = buildRelevanceTiers(q)[2];
  const exactCount = await db.product.count({ where: exact });
  const prefixCount = await db.product.count({ where: prefix });
  const tiers = [
    { where: exact, count: exactCount },
    { where: prefix, count: prefixCount },
    { where: { AND: [where, rest] }, count: total - exactCount - prefixCount },
  ];
  const items: ProductSummary[] = [];
  let offset = skip;
  for (const tier of tiers) {
    if (items.length >= pageSize) break;
    if (offset >= tier.count) {
      offset -= tier.count;
      continue;
    }
    const rows = await db.product.findMany({
      where: tier.where,
      orderBy: buildOrderBy("relevance"),
      skip: offset,
      take: pageSize - items.length,
      select: summarySelect,
    });
    items.push(...rows.map((r) => toProductSummary(r)));
    offset = 0;
  }
  return items;
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
  return memoize("categories", catalogMemoMs(), loadCategories);
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
