// Storefront reads keyed by the stamp of what they show: a listing of a product type, brand or
// category by that scope's version, a family or SKU page by its family's, a search or the whole
// catalog by the catalog version (lib/catalog/cache/stamps.ts). The stamp is read from the
// database on every request and is part of every cache key, so an entry for an older version is
// never served, on any instance, and a change reaches exactly the listings it touched.
// Family and SKU pages are cached here with Next's "use cache" (an in-memory cache per instance;
// their metadata and their view read the same entry). A listing is cached one level up, as its
// rendered view (lib/catalog/cache/page-tags.ts cachedListing): tiles, counts and facets are one
// entry, so facets are computed once per version and URL. Entries also expire after the
// "default" cacheLife (next.config.mjs), which bounds how long a tile shows an offer past its end.
import "server-only";
import { db } from "@/lib/db";
import type { BrowseParams } from "../browse-params";
import type { BrowseScope } from "../catalog-where";
import { getBrowseFacets } from "../facet-queries";
import { getFamilyPage, getSkuPage, type FamilySelection } from "../family-page-query";
import { listFamilies } from "../family-listing";
import { familyScopeKey, listingScopeKey } from "../scopes";
import { readCatalogStamps } from "./stamps";

async function loadFamilyPage(_stamp: number, slug: string, sel: FamilySelection) {
  "use cache";
  return getFamilyPage(slug, sel);
}

async function loadSkuPage(_stamp: number, itemCode: string) {
  "use cache";
  return getSkuPage(itemCode);
}

/** Drops unset filters, so equal URLs share one entry whatever order or blanks they came with. */
const compact = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== false && v !== "")) as T;

/** The stamp a listing is cached under, with its filters and scope in the form the key uses. */
export async function readListingStamp<P extends Partial<BrowseParams>>(params: P, scope: BrowseScope = {}) {
  const stamps = await readCatalogStamps();
  const key = listingScopeKey(scope, params.q);
  return { stamp: key ? stamps.scope(key) : stamps.version, params: compact(params), scope: compact(scope) };
}

/** One page of a listing or search (family tiles, counts, pages) and its facets: what a cached listing holds. */
export async function loadListingPage(params: Partial<BrowseParams>, scope: BrowseScope = {}) {
  const listing = await listFamilies(params, scope);
  const facets = await getBrowseFacets(params, scope);
  return { listing, facets };
}

/** A family page for a selection (region, value, edition, the shopper's countries). */
export async function readFamilyPage(slug: string, sel: FamilySelection = {}) {
  const stamps = await readCatalogStamps();
  return loadFamilyPage(stamps.scope(familyScopeKey(slug)), slug, compact(sel));
}

/** A SKU's page, keyed by its family's version (one indexed read finds the family). */
export async function readSkuPage(itemCode: string) {
  const stamps = await readCatalogStamps();
  const sku = await db.product.findUnique({ where: { itemCode }, select: { familySlug: true } });
  return loadSkuPage(sku ? stamps.scope(familyScopeKey(sku.familySlug)) : stamps.version, itemCode);
}
