// Builds the Prisma `where` for shopper-visible products and URL filters. Kept apart from the
// queries so every listing, facet and count applies exactly the same visibility rule.
import "server-only";
import { Prisma } from "@/lib/db";
import type { BrowseParams } from "./browse-params";
import { hiddenProductTypes } from "./product-types";

/**
 * What a shopper may ever see: listed upstream, not hidden by staff, never `test` products.
 * `listed` is the authority (sync sets it false with removedAt, and back on relisting), so
 * removedAt is not consulted: the filter stays within the (productType, listed, hidden) index.
 */
export const visibleProductWhere: Prisma.ProductWhereInput = {
  listed: true,
  hidden: false,
  productType: { notIn: [...hiddenProductTypes] },
};

/** A page's fixed scope (the route), on top of the URL filters. */
export type BrowseScope = { productType?: string; brandId?: string; categoryId?: string };

export type FilterKey = "type" | "brand" | "region" | "currency" | "country";

/**
 * Lowercased search text for `searchText` (stored lowercased, so contains is portable and
 * case-insensitive). Prisma passes LIKE wildcards through unescaped, so `%` and `\` (PostgreSQL's
 * LIKE escape) become `_`, which matches exactly one character: a slightly wider match, never "everything".
 */
export function normaliseQuery(q: string): string {
  return q.toLowerCase().replace(/\s+/g, " ").trim().replace(/[%\\]/g, "_");
}

/** The where clause for a listing; `omit` drops one filter so a facet can list its alternatives. */
export function buildProductWhere(
  params: Partial<BrowseParams>,
  scope: BrowseScope = {},
  omit?: FilterKey,
): Prisma.ProductWhereInput {
  const and: Prisma.ProductWhereInput[] = [visibleProductWhere];
  if (scope.productType) and.push({ productType: scope.productType });
  if (scope.brandId) and.push({ brandId: scope.brandId });
  if (scope.categoryId) and.push({ categoryId: scope.categoryId });
  if (params.q) and.push({ searchText: { contains: normaliseQuery(params.q) } });
  if (params.type && omit !== "type") and.push({ productType: params.type });
  if (params.brand && omit !== "brand") and.push({ brand: { slug: params.brand } });
  if (params.region && omit !== "region") and.push({ region: params.region });
  if (params.currency && omit !== "currency") and.push({ currency: params.currency });
  if (params.country && omit !== "country") and.push({ countries: { some: { countryCode: params.country } } });
  if (params.delivery) and.push({ deliveryType: params.delivery });
  if (params.min) and.push({ faceValue: { gte: new Prisma.Decimal(params.min) } });
  if (params.max) and.push({ faceValue: { lte: new Prisma.Decimal(params.max) } });
  if (params.instock) and.push({ inStock: true });
  return { AND: and };
}

/** Relevance tiers for a search: exact item code, then a name/brand/code word starting with q, then any contains. */
export function buildRelevanceTiers(q: string): Prisma.ProductWhereInput[] {
  const lower = normaliseQuery(q);
  const exact: Prisma.ProductWhereInput = { itemCode: { in: [...new Set([q.trim(), q.trim().toUpperCase(), lower])] } };
  const prefix: Prisma.ProductWhereInput = {
    OR: [{ searchText: { startsWith: lower } }, { searchText: { contains: ` ${lower}` } }],
  };
  return [exact, { AND: [{ NOT: exact }, prefix] }, { AND: [{ NOT: exact }, { NOT: prefix }] }];
}

/** Sort orders for the non-relevance options; ties broken by item code so pages never overlap. */
export function buildOrderBy(sort: BrowseParams["sort"]): Prisma.ProductOrderByWithRelationInput[] {
  const tie: Prisma.ProductOrderByWithRelationInput = { itemCode: "asc" };
  switch (sort) {
    case "price_asc":
      return [{ shopPrice: "asc" }, tie];
    case "price_desc":
      return [{ shopPrice: "desc" }, tie];
    case "value_asc":
      return [{ faceValue: "asc" }, tie];
    case "value_desc":
      return [{ faceValue: "desc" }, tie];
    case "brand":
      return [{ brandName: "asc" }, { faceValue: "asc" }, tie];
    default:
      return [{ featured: "desc" }, { brandName: "asc" }, { productFamily: "asc" }, { faceValue: "asc" }, { productName: "asc" }, tie];
  }
}
