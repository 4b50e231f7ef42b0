// The tags of cached catalog reads and pages besides scope keys (lib/catalog/scopes.ts).

/** Every change to the catalog. */
export const catalogTag = "catalog";
/** The set of product types the header lists (not their counts). */
export const productTypesTag = "catalog:types";
/** Every read of a market a catalog page shows (its currency, languages, rate). */
export const marketsTag = "markets";
/** Everything a market's pages show in its currency and languages, at its rate. */
export const marketTag = (slug: string) => `market:${slug}`;
/** The year a page's footer shows (components/shop/site-footer.tsx). */
export const yearTag = "clock:year";
