// A listing with `q`: the search module's ranked SKU hits, filtered in memory (every hit carries
// each filter's inputs), then grouped into product FAMILIES like every other listing: a family is
// listed when any of its SKUs matches, ranked by its best hit (fewest query words missed, then
// exact item code > word prefix > contains, then staff-featured, then name), counted, faceted, sorted and paged by family, and its
// tile describes only the matching SKUs. No query beyond the search and one read of brand slugs.
import "server-only";
import { cache } from "react";
import { db, Prisma } from "@/lib/db";
import { pageSize, type BrowseParams } from "./browse-params";
import { matchesBrowseFilters, type BrowseScope, type FilterKey } from "./catalog-where";
import { compareFamilies, type RankedFamily } from "./family-order";
import { readBrandSlugs, summariseFamilyTiles, type FamilySummary } from "./family-tiles";
import { getProductTypeLabel, isShopperProductType } from "./product-types";
import type { BrowseFacets, FacetOption } from "./facet-types";
import { relevanceOf } from "./search/rank";
import { searchCatalog, type SearchHit, type SearchResult } from "./search/search-catalog";

export type SearchNotice = Pick<SearchResult, "searched" | "correctedFrom" | "didYouMean">;
export type SearchListing = {
  items: FamilySummary[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
  search: SearchNotice;
};

const runSearch = cache((q: string, language: BrowseScope["language"]) => searchCatalog(q, { language }));
const brandIdOf = cache(
  async (slug: string) => (await db.brand.findUnique({ where: { slug }, select: { id: true } }))?.id ?? null,
);

async function filteredHits(params: Partial<BrowseParams>, scope: BrowseScope, omit?: FilterKey) {
  const result = await runSearch(params.q ?? "", scope.language);
  const brandId = params.brand ? await brandIdOf(params.brand) : null;
  return { result, hits: result.hits.filter((h) => matchesBrowseFilters(h, params, scope, brandId, omit)) };
}

const min = (a: string, b: string) => (b < a ? b : a);
const minDecimal = (a: Prisma.Decimal, b: string) => (new Prisma.Decimal(b).lessThan(a) ? new Prisma.Decimal(b) : a);

/** Groups ranked hits into families, in the order of each family's best hit. */
export function groupHits(hits: SearchHit[]): (RankedFamily & { hits: SearchHit[] })[] {
  const bySlug = new Map<string, RankedFamily & { hits: SearchHit[] }>();
  for (const h of hits) {
    const f = bySlug.get(h.familySlug);
    if (!f) {
      bySlug.set(h.familySlug, {
        slug: h.familySlug,
        name: h.familyName || h.familySlug,
        brandName: h.brandName,
        brandId: h.brandId,
        productType: h.productType,
        imageKey: h.imageKey,
        minPrice: new Prisma.Decimal(h.shopPrice),
        minValue: new Prisma.Decimal(h.faceValue),
        count: 1,
        tier: relevanceOf(h),
        featured: h.featured,
        hits: [h],
      });
      continue;
    }
    // As groupFamilies' _min over the family's rows, so a tile reads the same either way.
    Object.assign(f, {
      name: min(f.name, h.familyName || h.familySlug),
      brandName: min(f.brandName, h.brandName),
      brandId: min(f.brandId, h.brandId),
      productType: min(f.productType, h.productType),
      imageKey: min(f.imageKey, h.imageKey),
      minPrice: minDecimal(f.minPrice, h.shopPrice),
      minValue: minDecimal(f.minValue, h.faceValue),
      count: f.count + 1,
      tier: Math.min(f.tier, relevanceOf(h)),
      featured: f.featured || h.featured,
    });
    f.hits.push(h);
  }
  return [...bySlug.values()];
}

/** One page of family tiles for a search: relevance unless another sort is chosen. */
export async function listSearchFamilies(
  params: Partial<BrowseParams>,
  scope: BrowseScope,
  now: Date = new Date(),
): Promise<SearchListing> {
  const { result, hits } = await filteredHits(params, scope);
  const families = groupHits(hits).sort(compareFamilies(params.sort ?? "relevance", true));
  const page = Math.max(1, params.page ?? 1);
  const total = families.length;
  const search: SearchNotice = {
    searched: result.searched,
    correctedFrom: result.correctedFrom,
    didYouMean: result.didYouMean,
  };
  const shown = families.slice((page - 1) * pageSize, page * pageSize);
  const regions = new Map<string, Set<string>>();
  const inStock = new Set<string>();
  const offers = [];
  for (const f of shown) {
    regions.set(f.slug, new Set(f.hits.map((h) => h.region)));
    if (f.hits.some((h) => h.inStock)) inStock.add(f.slug);
    for (const h of f.hits) {
      if (h.isOffer)
        offers.push({ ...h, offerPercent: h.offerPercent === null ? null : new Prisma.Decimal(h.offerPercent) });
    }
  }
  const brandSlugs = shown.length ? await readBrandSlugs(shown) : new Map<string, string>();
  const items = summariseFamilyTiles(shown, { regions, inStock, offers, brandSlugs }, now);
  return { items, total, page, pageCount: Math.max(1, Math.ceil(total / pageSize)), pageSize, search };
}

const byLabel = (a: FacetOption, b: FacetOption) => a.label.localeCompare(b.label);

/** Distinct families per value (a product's value may be several, e.g. its countries). */
function countFamilies(hits: SearchHit[], key: (h: SearchHit) => string | string[]): Map<string, number> {
  const sets = new Map<string, Set<string>>();
  for (const h of hits) for (const v of [key(h)].flat()) sets.set(v, (sets.get(v) ?? new Set()).add(h.familySlug));
  return new Map([...sets].map(([v, families]) => [v, families.size]));
}

const options = (counts: Map<string, number>, label: (v: string) => string = (v) => v) =>
  [...counts].map(([value, count]) => ({ value, label: label(value), count })).sort(byLabel);

/** The facets of a search listing, each under the other active filters and counting families (as getBrowseFacets). */
export async function getSearchFacets(params: Partial<BrowseParams>, scope: BrowseScope): Promise<BrowseFacets> {
  const hitsWithout = async (omit: FilterKey) => (await filteredHits(params, scope, omit)).hits;
  const brandCounts = countFamilies(await hitsWithout("brand"), (h) => h.brandId);
  const brands = await db.brand.findMany({
    where: { id: { in: [...brandCounts.keys()] } },
    select: { id: true, name: true, slug: true },
  });
  const typeCounts = countFamilies(await hitsWithout("type"), (h) => h.productType);
  return {
    types: options(new Map([...typeCounts].filter(([t]) => isShopperProductType(t))), getProductTypeLabel),
    brands: brands.map((b) => ({ value: b.slug, label: b.name, count: brandCounts.get(b.id) ?? 0 })).sort(byLabel),
    regions: options(countFamilies(await hitsWithout("region"), (h) => h.region)),
    currencies: options(countFamilies(await hitsWithout("currency"), (h) => h.currency)),
    countries: options(countFamilies(await hitsWithout("country"), (h) => h.countries)),
  };
}
