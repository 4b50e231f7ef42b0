// The order of family tiles for each sort, shared by plain listings (family-listing.ts) and
// search listings (search-listing.ts), so a search reads like a listing. Pure.
import type { BrowseParams } from "./browse-params";
import type { FamilyGroup } from "./family-tiles";

/**
 * A family with what relevance needs: its best match's rank (search/rank.ts relevanceOf: query
 * words missed × 3 + tier, 0 exact code, 1 word prefix, 2 contains) and any featured SKU.
 */
export type RankedFamily = FamilyGroup & { featured: boolean; tier: number };

const byName = (a: RankedFamily, b: RankedFamily) => a.name.localeCompare(b.name) || a.slug.localeCompare(b.slug);

/** Orders families for a sort; ties end by name and slug, so pages never overlap. */
export function compareFamilies(
  sort: BrowseParams["sort"],
  hasQuery: boolean,
): (a: RankedFamily, b: RankedFamily) => number {
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
