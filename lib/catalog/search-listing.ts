// A listing with `q`: the search module's ranked hits, filtered, counted, faceted, sorted and
// paged in memory (the hits carry every filter's inputs), then one read of the page's cards.
// The search runs once per request (React's cache) for both the page and its facets.
import "server-only";
import { cache } from "react";
import { db } from "@/lib/db";
import { pageSize, type BrowseParams } from "./browse-params";
import { matchesBrowseFilters, type BrowseScope, type FilterKey } from "./catalog-where";
import { getProductTypeLabel, isShopperProductType } from "./product-types";
import { summarySelect, toProductSummary, type ProductSummary } from "./product-summary";
import type { BrowseFacets, FacetOption } from "./facet-queries";
import { searchCatalog, type SearchHit, type SearchResult } from "./search/search-catalog";

export type SearchNotice = Pick<SearchResult, "searched" | "correctedFrom" | "didYouMean">;

const runSearch = cache((q: string) => searchCatalog(q));
const brandIdOf = cache(async (slug: string) => (await db.brand.findUnique({ where: { slug }, select: { id: true } }))?.id ?? null);

async function filteredHits(params: Partial<BrowseParams>, scope: BrowseScope, omit?: FilterKey) {
  const result = await runSearch(params.q ?? "");
  const brandId = params.brand ? await brandIdOf(params.brand) : null;
  return { result, hits: result.hits.filter((h) => matchesBrowseFilters(h, params, scope, brandId, omit)) };
}

const num = (v: string) => Number(v);
const byCode = (a: SearchHit, b: SearchHit) => (a.itemCode < b.itemCode ? -1 : a.itemCode > b.itemCode ? 1 : 0);
const sorters: Record<Exclude<BrowseParams["sort"], undefined | "relevance">, (a: SearchHit, b: SearchHit) => number> = {
  price_asc: (a, b) => num(a.shopPrice) - num(b.shopPrice) || byCode(a, b),
  price_desc: (a, b) => num(b.shopPrice) - num(a.shopPrice) || byCode(a, b),
  value_asc: (a, b) => num(a.faceValue) - num(b.faceValue) || byCode(a, b),
  value_desc: (a, b) => num(b.faceValue) - num(a.faceValue) || byCode(a, b),
  brand: (a, b) => (a.brandName < b.brandName ? -1 : a.brandName > b.brandName ? 1 : 0) || num(a.faceValue) - num(b.faceValue) || byCode(a, b),
};

/** One page of search results: ranked by relevance unless another sort is chosen. */
export async function listSearchResults(params: Partial<BrowseParams>, scope: BrowseScope) {
  const { result, hits } = await filteredHits(params, scope);
  const sort = params.sort ?? "relevance";
  const ordered = sort === "relevance" ? hits : [...hits].sort(sorters[sort]);
  const page = Math.max(1, params.page ?? 1);
  const total = ordered.length;
  const ids = ordered.slice((page - 1) * pageSize, page * pageSize).map((h) => h.id);
  const rows = ids.length ? await db.product.findMany({ where: { id: { in: ids } }, select: { id: true, ...summarySelect } }) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const now = new Date();
  const items: ProductSummary[] = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toProductSummary(row, now)] : [];
  });
  const search: SearchNotice = { searched: result.searched, correctedFrom: result.correctedFrom, didYouMean: result.didYouMean };
  return { items, total, page, pageCount: Math.max(1, Math.ceil(total / pageSize)), pageSize, search };
}

const byLabel = (a: FacetOption, b: FacetOption) => a.label.localeCompare(b.label);

function countBy(hits: SearchHit[], key: (h: SearchHit) => string | string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const h of hits) for (const v of [key(h)].flat()) counts.set(v, (counts.get(v) ?? 0) + 1);
  return counts;
}

const options = (counts: Map<string, number>, label: (v: string) => string = (v) => v) =>
  [...counts].map(([value, count]) => ({ value, label: label(value), count })).sort(byLabel);

/** The facets of a search listing, each under the other active filters (as getBrowseFacets). */
export async function getSearchFacets(params: Partial<BrowseParams>, scope: BrowseScope): Promise<BrowseFacets> {
  const hitsWithout = async (omit: FilterKey) => (await filteredHits(params, scope, omit)).hits;
  const brandCounts = countBy(await hitsWithout("brand"), (h) => h.brandId);
  const brands = await db.brand.findMany({ where: { id: { in: [...brandCounts.keys()] } }, select: { id: true, name: true, slug: true } });
  const typeCounts = countBy(await hitsWithout("type"), (h) => h.productType);
  return {
    types: options(new Map([...typeCounts].filter(([t]) => isShopperProductType(t))), getProductTypeLabel),
    brands: brands.map((b) => ({ value: b.slug, label: b.name, count: brandCounts.get(b.id) ?? 0 })).sort(byLabel),
    regions: options(countBy(await hitsWithout("region"), (h) => h.region)),
    currencies: options(countBy(await hitsWithout("currency"), (h) => h.currency)),
    countries: options(countBy(await hitsWithout("country"), (h) => h.countries)),
  };
}
