// Facets (the choices a filter offers for the current result set), counted in FAMILIES like the
// listing itself, and the catalog-wide reads of the header and home page.
import "server-only";
import { db, type Prisma } from "@/lib/db";
import type { BrowseParams } from "./browse-params";
import { offerKey, type ProductOffer } from "@/lib/markets/offer";
import { buildProductWhere, offeredProductWhere, type BrowseScope } from "./catalog-where";
import { decodeCountryCodes } from "./family";
import { memoizeCatalogRead } from "./memo";
import { getSearchFacets } from "./search-listing";
import { getProductTypeLabel, isShopperProductType } from "./product-types";

export type { BrowseFacets, FacetOption } from "./facet-types";
import type { BrowseFacets, FacetOption } from "./facet-types";

const byLabel = (a: FacetOption, b: FacetOption) => a.label.localeCompare(b.label);

/** Distinct families per value, from (value, familySlug) pairs; `split` turns one value into several. */
function countFamilies<T>(
  pairs: T[],
  valueOf: (p: T) => string,
  familyOf: (p: T) => string,
  split: (v: string) => string[] = (v) => [v],
) {
  const sets = new Map<string, Set<string>>();
  for (const p of pairs) {
    for (const value of split(valueOf(p))) {
      if (!sets.has(value)) sets.set(value, new Set());
      sets.get(value)!.add(familyOf(p));
    }
  }
  return [...sets].map(([value, families]) => ({ value, count: families.size }));
}

/**
 * The options for each filter under the other active filters (a facet ignores its own value, so a
 * shopper can switch region without clearing it first), each counting families. One grouped
 * query per facet over (value, family) pairs.
 */
export async function getBrowseFacets(params: Partial<BrowseParams>, scope: BrowseScope = {}): Promise<BrowseFacets> {
  if (params.q) return getSearchFacets(params, scope);
  const where = (omit: Parameters<typeof buildProductWhere>[2]) => buildProductWhere(params, scope, omit);
  const types = await db.product.groupBy({ by: ["productType", "familySlug"], where: where("type") });
  const regions = await db.product.groupBy({ by: ["region", "familySlug"], where: where("region") });
  const currencies = await db.product.groupBy({ by: ["currency", "familySlug"], where: where("currency") });
  const brandPairs = await db.product.groupBy({ by: ["brandId", "familySlug"], where: where("brand") });
  const countries = await db.product.groupBy({ by: ["countryCodes", "familySlug"], where: where("country") });
  const brandCounts = countFamilies(
    brandPairs,
    (p) => p.brandId,
    (p) => p.familySlug,
  );
  const brands = await db.brand.findMany({
    where: { id: { in: brandCounts.map((b) => b.value) } },
    select: { id: true, name: true, slug: true },
  });
  const brandById = new Map(brands.map((b) => [b.id, b]));
  return {
    types: countFamilies(
      types,
      (t) => t.productType,
      (t) => t.familySlug,
    )
      .filter((t) => isShopperProductType(t.value))
      .map((t) => ({ ...t, label: getProductTypeLabel(t.value) }))
      .sort(byLabel),
    brands: brandCounts
      .flatMap((b) =>
        brandById.has(b.value)
          ? [{ value: brandById.get(b.value)!.slug, label: brandById.get(b.value)!.name, count: b.count }]
          : [],
      )
      .sort(byLabel),
    regions: countFamilies(
      regions,
      (r) => r.region,
      (r) => r.familySlug,
    )
      .map((r) => ({ ...r, label: r.value }))
      .sort(byLabel),
    currencies: countFamilies(
      currencies,
      (c) => c.currency,
      (c) => c.familySlug,
    )
      .map((c) => ({ ...c, label: c.value }))
      .sort(byLabel),
    countries: countFamilies(
      countries,
      (c) => c.countryCodes,
      (c) => c.familySlug,
      decodeCountryCodes,
    )
      .map((c) => ({ ...c, label: c.value }))
      .sort(byLabel),
  };
}

/** Families per product type under `where`, most first: the header nav and the home tiles. */
async function countTypes(where: Prisma.ProductWhereInput): Promise<FacetOption[]> {
  const pairs = await db.product.groupBy({ by: ["productType", "familySlug"], where });
  return countFamilies(
    pairs,
    (p) => p.productType,
    (p) => p.familySlug,
  )
    .filter((t) => isShopperProductType(t.value))
    .map((t) => ({ ...t, label: getProductTypeLabel(t.value) }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}

/**
 * Product types that have visible products (of those a market offers: absent, all), with their
 * family counts (reused until the catalog changes).
 */
export async function listProductTypes(offer?: ProductOffer): Promise<FacetOption[]> {
  const key = offer ? `product-types:${offerKey(offer)}` : "product-types";
  return memoizeCatalogRead(key, () => countTypes(offeredProductWhere(offer)));
}
