// Listings, category, brand and search pages count and page FAMILIES, not SKUs: one tile per
// brand's product type (lib/catalog/family.ts). A pure function of (catalog, URL params) that
// returns plain data, so it can be cached by catalog version.
import "server-only";
import { db, type Prisma } from "@/lib/db";
import { pageSize, type BrowseParams } from "./browse-params";
import { buildProductWhere, buildRelevanceTiers, type BrowseScope } from "./catalog-where";
import { buildFamilyTiles, groupFamilies, type FamilyGroup, type FamilySummary } from "./family-tiles";

export type FamilyListing = { items: FamilySummary[]; total: number; page: number; pageCount: number; pageSize: number };

type Ranked = FamilyGroup & { featured: boolean; tier: number };

const byName = (a: Ranked, b: Ranked) => a.name.localeCompare(b.name) || a.slug.localeCompare(b.slug);

/** Orders families for a sort; ties end by name and slug, so pages never overlap. */
function compareFor(sort: BrowseParams["sort"], hasQuery: boolean): (a: Ranked, b: Ranked) => number {
  switch (sort) {
    case "price_asc":
      return (a, b) => a.minPrice.comparedTo(b.minPrice) || byName(a, b);
    case "price_desc":
      return (a, b) => b.minPrice.comparedTo(a.minPrice) || byName(a, b);
    case "value_asc":
      return (a, b) => a.minValue.comparedTo(b.minValue) || byName(a, b);
    case "value_desc":
      return (a, b) => b.minValue.comparedTo(a.minValue) || byName(a, b);
    case "brand":
      return (a, b) => a.brandName.localeCompare(b.brandName) || byName(a, b);
    default:
      // Relevance: with a query, the family's best match tier first; then staff-featured, then name.
      return (a, b) => (hasQuery ? a.tier - b.tier : 0) || Number(b.featured) - Number(a.featured) || byName(a, b);
  }
}

/** Families whose best-matching SKU is in each relevance tier (exact code, word prefix; else contains). */
async function tierOf(where: Prisma.ProductWhereInput, q: string): Promise<Map<string, number>> {
  const [exact, prefix] = buildRelevanceTiers(q);
  const tiers = new Map<string, number>();
  for (const [tier, clause] of [exact, prefix].entries()) {
    const rows = await db.product.groupBy({ by: ["familySlug"], where: { AND: [where, clause] } });
    for (const r of rows) if (!tiers.has(r.familySlug)) tiers.set(r.familySlug, tier);
  }
  return tiers;
}

/**
 * One page of family tiles for a listing or search. Filters apply to SKUs (a family is listed
 * when any of its SKUs matches, and its tile describes only the matching ones); counts, sorting
 * and pagination are by family.
 */
export async function listFamilies(params: Partial<BrowseParams>, scope: BrowseScope = {}, now: Date = new Date()): Promise<FamilyListing> {
  const where = buildProductWhere(params, scope);
  const page = Math.max(1, params.page ?? 1);
  const groups = await groupFamilies(where);
  const total = groups.length;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if ((page - 1) * pageSize >= total) return { items: [], total, page, pageCount, pageSize };

  const featured = new Set(
    (await db.product.groupBy({ by: ["familySlug"], where: { AND: [where, { featured: true }] } })).map((r) => r.familySlug),
  );
  const sort = params.sort ?? "relevance";
  const tiers = params.q && sort === "relevance" ? await tierOf(where, params.q) : new Map<string, number>();
  const ranked: Ranked[] = groups.map((g) => ({ ...g, featured: featured.has(g.slug), tier: tiers.get(g.slug) ?? 2 }));
  ranked.sort(compareFor(sort, Boolean(params.q)));
  const pageGroups = ranked.slice((page - 1) * pageSize, page * pageSize);
  return { items: await buildFamilyTiles(pageGroups, where, now), total, page, pageCount, pageSize };
}
