// The parts of the catalog a listing can show, as CatalogScope keys: a product type, a brand, a
// category and a family. A product belongs to one of each; a change to it touches its four (and,
// when it moves, the four it left). A listing is keyed by its page's scope; a search or the whole
// catalog by the catalog version itself. Pure.
import type { BrowseScope } from "./catalog-where";

export type ScopedProduct = { productType: string; brandId: string; categoryId: string; familySlug: string };

/** The scope keys of one product. */
export function productScopes(p: ScopedProduct): string[] {
  return [`type:${p.productType}`, `brand:${p.brandId}`, `category:${p.categoryId}`, `family:${p.familySlug}`];
}

/** The scope keys of products before and after a change (a moved product touches both). */
export function changedScopes(rows: (ScopedProduct | null | undefined)[]): Set<string> {
  const keys = new Set<string>();
  for (const r of rows) if (r) for (const k of productScopes(r)) keys.add(k);
  return keys;
}

/** The one scope a listing page is keyed by; null when it spans the catalog (all products, a search). */
export function listingScopeKey(scope: BrowseScope, q?: string): string | null {
  // Typo correction reads the whole catalog's vocabulary: a search follows every change.
  if (q) return null;
  if (scope.productType) return `type:${scope.productType}`;
  if (scope.brandId) return `brand:${scope.brandId}`;
  if (scope.categoryId) return `category:${scope.categoryId}`;
  return null;
}

/** The scope key of a family page. */
export const familyScopeKey = (slug: string) => `family:${slug}`;
