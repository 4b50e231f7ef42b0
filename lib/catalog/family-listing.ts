// Listings, category, brand and search pages count and page FAMILIES, not SKUs: one tile per
// brand's product type (lib/catalog/family.ts). A pure function of (catalog, URL params) that
// returns plain data, so it can be cached by catalog version. A search (`q`) goes through the
// search module (search-listing.ts): ranked, typo-tolerant, grouped into the same families.
import "server-only";
import { db } from "@/lib/db";
import { pageSize, type BrowseParams } from "./browse-params";
import { buildProductWhere, type BrowseScope } from "./catalog-where";
import { compareFamilies, type RankedFamily } from "./family-order";
import { buildFamilyTiles, groupFamilies, type FamilySummary } from "./family-tiles";
import { listSearchFamilies, type SearchNotice } from "./search-listing";

export type FamilyListing = {
  items: FamilySummary[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
  /** Set for a search: what was searched, a correction it made, spellings to offer when empty. */
  search?: SearchNotice;
};

/**
 * One page of family tiles for a listing or search. Filters apply to SKUs (a family is listed
 * when any of its SKUs matches, and its tile describes only the matching ones); counts, sorting
 * and pagination are by family.
 */
export async function listFamilies(
  params: Partial<BrowseParams>,
  scope: BrowseScope = {},
  now: Date = new Date(),
): Promise<FamilyListing> {
  if (params.q) return listSearchFamilies(params, scope, now);
  const where = buildProductWhere(params, scope);
  const page = Math.max(1, params.page ?? 1);
  const groups = await groupFamilies(where);
  const total = groups.length;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if ((page - 1) * pageSize >= total) return { items: [], total, page, pageCount, pageSize };

  const featured = new Set(
    (await db.product.groupBy({ by: ["familySlug"], where: { AND: [where, { featured: true }] } })).map(
      (r) => r.familySlug,
    ),
  );
  const ranked: RankedFamily[] = groups.map((g) => ({ ...g, featured: featured.has(g.slug), tier: 2 }));
  ranked.sort(compareFamilies(params.sort ?? "relevance", false));
  const pageGroups = ranked.slice((page - 1) * pageSize, page * pageSize);
  return { items: await buildFamilyTiles(pageGroups, where, now), total, page, pageCount, pageSize };
}
