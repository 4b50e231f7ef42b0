// The reads a cached catalog page makes (docs/storefront.md#cached-catalog-pages), each cached
// with "use cache" and tagged with what it shows: a family's scope (lib/catalog/scopes.ts), the
// whole catalog, or the list of product types the header names. The page cached around them
// carries their tags, and lib/catalog/cache/page-invalidation.ts drops both when a change touches
// a tag, so a page is rendered again exactly when something it shows changed.
import "server-only";
import { cacheLife, cacheTag } from "next/cache";
import { listProductTypes } from "../facet-queries";
import { getSkuPage } from "../family-page-query";
import { getHomeData, type HomeData } from "../home-data";
import { listCategories } from "../queries";
import { familyScopeKey } from "../scopes";
import { catalogTag, productTypesTag } from "./page-tag-names";

/** `next build` prerenders pages it can; the build has no catalog, and nothing it renders is served. */
const atBuild = () => process.env.NEXT_PHASE === "phase-production-build";

/** A SKU's page, tagged with its family (an unknown code follows the whole catalog: it may appear). */
export async function cachedSkuPage(itemCode: string) {
  "use cache";
  if (atBuild()) return null;
  const page = await getSkuPage(itemCode);
  cacheTag(page ? familyScopeKey(page.slug) : catalogTag);
  return page;
}

const emptyHome: HomeData = { types: [], featuredBrands: [], bestSellers: { title: "", items: [] }, offers: [] };

/** The home page's shelves and categories; best sellers also follow sales, so at most 30 s old. */
export async function cachedHomeData() {
  "use cache";
  cacheLife({ stale: 30, revalidate: 30, expire: 300 });
  cacheTag(catalogTag);
  if (atBuild()) return { home: emptyHome, categories: [] };
  const [home, categories] = await Promise.all([getHomeData(), listCategories()]);
  return { home, categories };
}

/** The product types of the header's navigation. */
export async function cachedNavTypes(): Promise<{ value: string; label: string }[]> {
  "use cache";
  cacheTag(productTypesTag);
  if (atBuild()) return [];
  return (await listProductTypes()).map((t) => ({ value: t.value, label: t.label }));
}
