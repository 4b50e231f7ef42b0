// The one path `next build` prerenders for each catalog route (docs/storefront.md#the-rendering-model).
// Next keeps a dynamic route's pages once they are rendered only when its generateStaticParams
// names at least one path; the build has no catalog, so each names this one. No market can be
// called this (a slug is two letters and an optional suffix, lib/markets/market-schema.ts), so
// proxy.ts never routes to it and the page cache never keeps it; the build's catalog reads return
// nothing (lib/catalog/cache), so it renders the not-found page without opening the database.

/** The value of every dynamic segment of the placeholder path. */
export const buildPlaceholder = "_build";

/** The placeholder path's params for a route's own dynamic segments. */
export function placeholderParams<K extends string>(...segments: K[]): Record<K, string>[] {
  return [Object.fromEntries(segments.map((s) => [s, buildPlaceholder])) as Record<K, string>];
}
