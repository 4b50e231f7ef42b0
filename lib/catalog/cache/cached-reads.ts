// Catalog reads keyed by the stamp of what they show (lib/catalog/cache/stamps.ts): the stamp a
// listing or search is keyed by, and a family page keyed by its family's version, so an entry for
// an older version is never served, on any instance. The storefront's pages read through the
// tagged reads of the page cache instead (lib/catalog/cache/page-tags.ts); only the stamp tests
// (catalog scopes, search synonyms) still read through these two.
import "server-only";
import type { BrowseParams } from "../browse-params";
import type { BrowseScope } from "../catalog-where";
import { getFamilyPage, type FamilySelection } from "../family-page-query";
import { familyScopeKey, listingScopeKey } from "../scopes";
import { readCatalogStamps } from "./stamps";

async function loadFamilyPage(_stamp: number, slug: string, sel: FamilySelection) {
  "use cache";
  return getFamilyPage(slug, sel);
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

/** A family page for a selection (region, value, edition, the shopper's countries). */
export async function readFamilyPage(slug: string, sel: FamilySelection = {}) {
  const stamps = await readCatalogStamps();
  return loadFamilyPage(stamps.scope(familyScopeKey(slug)), slug, compact(sel));
}
