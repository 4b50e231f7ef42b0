// Facets (the choices a filter offers for the current result set) and the home page's reads.
import "server-only";
import { db } from "@/lib/db";
import { catalogMemo } from "./catalog-memo";
import type { BrowseParams } from "./browse-params";
import { buildProductWhere, visibleProductWhere, type BrowseScope } from "./catalog-where";
import { getProductTypeLabel, isShopperProductType } from "./product-types";
import { summarySelect, toProductSummary, type ProductSummary } from "./product-summary";
import { getSearchFacets } from "./search-listing";

export type FacetOption = { value: string; label: string; count: number };
export type BrowseFacets = {
  types: FacetOption[];
  brands: FacetOption[];
  regions: FacetOption[];
  currencies: FacetOption[];
  countries: FacetOption[];
};

const byLabel = (a: FacetOption, b: FacetOption) => a.label.localeCompare(b.label);

/**
 * The options for each filter under the other active filters (a facet ignores its own value, so a
 * shopper can switch region without clearing it first). One grouped query per facet.
 */
export async function getBrowseFacets(params: Partial<BrowseParams>, scope: BrowseScope = {}): Promise<BrowseFacets> {
  if (params.q) return getSearchFacets(params, scope);
  const types = await db.product.groupBy({ by: ["productType"], where: buildProductWhere(params, scope, "type"), _count: { _all: true } });
  const regions = await db.product.groupBy({ by: ["region"], where: buildProductWhere(params, scope, "region"), _count: { _all: true } });
  const currencies = await db.product.groupBy({ by: ["currency"], where: buildProductWhere(params, scope, "currency"), _count: { _all: true } });
  const brandGroups = await db.product.groupBy({ by: ["brandId"], where: buildProductWhere(params, scope, "brand"), _count: { _all: true } });
  const countries = await db.productCountry.groupBy({
    by: ["countryCode"],
    where: { product: buildProductWhere(params, scope, "country") },
    _count: { _all: true },
  });
  const brands = await db.brand.findMany({ where: { id: { in: brandGroups.map((b) => b.brandId) } }, select: { id: true, name: true, slug: true } });
  const brandCounts = new Map(brandGroups.map((b) => [b.brandId, b._count._all]));
  return {
    types: types
      .filter((t) => isShopperProductType(t.productType))
      .map((t) => ({ value: t.productType, label: getProductTypeLabel(t.productType), count: t._count._all }))
      .sort(byLabel),
    brands: brands.map((b) => ({ value: b.slug, label: b.name, count: brandCounts.get(b.id) ?? 0 })).sort(byLabel),
    regions: regions.map((r) => ({ value: r.region, label: r.region, count: r._count._all })).sort(byLabel),
    currencies: currencies.map((c) => ({ value: c.currency, label: c.currency, count: c._count._all })).sort(byLabel),
    countries: countries.map((c) => ({ value: c.countryCode, label: c.countryCode, count: c._count._all })).sort(byLabel),
  };
}

export type HomeData = {
  types: FacetOption[];
  featuredBrands: { name: string; slug: string; count: number }[];
  offers: ProductSummary[];
};

/** Product types that have visible products, most products first: the header nav and home tiles. */
export async function listProductTypes(): Promise<FacetOption[]> {
  return catalogMemo("product-types", loadProductTypes);
}

async function loadProductTypes(): Promise<FacetOption[]> {
  const groups = await db.product.groupBy({ by: ["productType"], where: visibleProductWhere, _count: { _all: true } });
  return groups
    .filter((t) => isShopperProductType(t.productType))
    .map((t) => ({ value: t.productType, label: getProductTypeLabel(t.productType), count: t._count._all }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}

/** Everything the home page shows, from the cached catalog (no upstream call). */
export async function getHomeData(now: Date = new Date()): Promise<HomeData> {
  return catalogMemo("home", () => loadHomeData(now));
}

async function loadHomeData(now: Date): Promise<HomeData> {
  const brandGroups = await db.product.groupBy({ by: ["brandId"], where: visibleProductWhere, _count: { _all: true } });
  const counts = new Map(brandGroups.map((b) => [b.brandId, b._count._all]));
  const brands = await db.brand.findMany({ where: { id: { in: [...counts.keys()] } }, select: { id: true, name: true, slug: true, featured: true } });
  // Staff-featured brands first; with none featured, the brands with the most products.
  const featured = brands.some((b) => b.featured) ? brands.filter((b) => b.featured) : brands;
  const featuredBrands = featured
    .map((b) => ({ name: b.name, slug: b.slug, count: counts.get(b.id) ?? 0 }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
    .slice(0, 12);
  const offerRows = await db.product.findMany({
    // Expiry is an upstream string of unknown format: filtered in code (isOfferActive), not in SQL.
    where: { AND: [visibleProductWhere, { isOffer: true }] },
    orderBy: [{ offerPercent: "desc" }, { itemCode: "asc" }],
    take: 48,
    select: summarySelect,
  });
  return {
    types: await listProductTypes(),
    featuredBrands,
    offers: offerRows
      .map((r) => toProductSummary(r, now))
      .filter((p) => p.offerPercent !== null)
      .slice(0, 8),
  };
}
