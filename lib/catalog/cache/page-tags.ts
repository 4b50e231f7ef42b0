// The reads a cached catalog page makes (docs/storefront.md#cached-catalog-pages), each cached
// with "use cache" and tagged with what it shows: a family's scope (lib/catalog/scopes.ts), the
// whole catalog, or the list of product types the header names. The page cached around them
// carries their tags, and lib/catalog/cache/page-invalidation.ts drops both when a change touches
// a tag, so a page is rendered again exactly when something it shows changed.
import "server-only";
import { cacheLife, cacheTag } from "next/cache";
import type { ProductOffer } from "@/lib/markets/offer";
import type { BrowseParams } from "../browse-params";
import type { BrowseScope } from "../catalog-where";
import { getBrowseFacets, listProductTypes } from "../facet-queries";
import { listFamilies } from "../family-listing";
import { getFamilyPage, getSkuPage, type FamilySelection } from "../family-page-query";
import { getHomeData, type HomeData } from "../home-data";
import { getBrandBySlug, getCategoryBySlug, listCategories, type NamedSlug } from "../queries";
import { familyScopeKey, listingScopeKey } from "../scopes";
import { catalogTag, productTypesTag } from "./page-tag-names";

/** `next build` prerenders pages it can; the build has no catalog, and nothing it renders is served. */
const atBuild = () => process.env.NEXT_PHASE === "phase-production-build";

/**
 * A SKU's page in a market that offers it (null otherwise), tagged with its family (an unknown
 * code, or one the market does not offer, follows the whole catalog: it may appear).
 */
export async function cachedSkuPage(itemCode: string, offer?: ProductOffer) {
  "use cache";
  if (atBuild()) return null;
  const page = await getSkuPage(itemCode, new Date(), offer);
  cacheTag(page ? familyScopeKey(page.slug) : catalogTag);
  return page;
}

/** A family's page for a selection (region, value, edition, the shopper's likely countries). */
export async function cachedFamilyPage(slug: string, sel: FamilySelection) {
  "use cache";
  cacheTag(familyScopeKey(slug));
  if (atBuild()) return null;
  return getFamilyPage(slug, sel);
}

/**
 * A listing's tiles, counts and facets, tagged with its page's scope (a product type, brand or
 * category), or the whole catalog for a search and all products.
 */
export async function cachedListing(params: Partial<BrowseParams>, scope: BrowseScope) {
  "use cache";
  cacheTag(listingScopeKey(scope, params.q) ?? catalogTag);
  if (atBuild()) return null;
  const [listing, facets] = await Promise.all([listFamilies(params, scope), getBrowseFacets(params, scope)]);
  return { listing, facets };
}

/**
 * A category or brand by its slug. It exists while it has a visible product its market offers: a
 * change that ends that touches its scope; an unknown one follows the whole catalog (it may appear).
 */
export async function cachedShelf(
  kind: "category" | "brand",
  slug: string,
  offer?: ProductOffer,
): Promise<NamedSlug | null> {
  "use cache";
  if (atBuild()) return null;
  const shelf = kind === "category" ? await getCategoryBySlug(slug, offer) : await getBrandBySlug(slug, offer);
  cacheTag(shelf ? `${kind}:${shelf.id}` : catalogTag);
  return shelf;
}

const emptyHome: HomeData = { types: [], featuredBrands: [], bestSellers: { title: "", items: [] }, offers: [] };

/** The home page's shelves and categories of what its market offers; best sellers also follow sales, so at most 30 s old. */
export async function cachedHomeData(offer?: ProductOffer) {
  "use cache";
  cacheLife({ stale: 30, revalidate: 30, expire: 300 });
  cacheTag(catalogTag);
  if (atBuild()) return { home: emptyHome, categories: [] };
  const [home, categories] = await Promise.all([getHomeData(new Date(), offer), listCategories(offer)]);
  return { home, categories };
}

/** The product types of the header's navigation. */
export async function cachedNavTypes(): Promise<{ value: string; label: string }[]> {
  "use cache";
  cacheTag(productTypesTag);
  if (atBuild()) return [];
  return (await listProductTypes()).map((t) => ({ value: t.value, label: t.label }));
}
