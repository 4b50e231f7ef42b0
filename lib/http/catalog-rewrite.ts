// Where proxy.ts sends a cached catalog page whose query matters (docs/storefront.md#cached-catalog-pages):
// the public path with its query becomes the internal path whose last segment is the canonical
// query (lib/catalog/page-key.ts), so the page is rendered once per distinct page and kept in the
// page cache. A family page without a region is chosen by the shopper's likely countries, read
// here from their headers; the page cache tells shared caches to vary it by them
// (lib/http/page-cache/cached-paths.cjs varyOf). Pure.
import { familyKey, listingKey } from "@/lib/catalog/page-key";
import { countriesFromHeaders } from "@/lib/catalog/family-params";
import { isRewrittenCatalogPage } from "./page-cache/cached-paths.cjs";

const segment = (key: string) => `/${encodeURIComponent(key)}`;

/** The internal path of a public catalog page, or null for a path that is not rewritten. */
export function catalogRewrite(pathname: string, search: URLSearchParams, headers: Headers): string | null {
  if (!isRewrittenCatalogPage(pathname)) return null;
  const kind = pathname === "/search" ? "search" : pathname[1];
  switch (kind) {
    case "t":
      return pathname + segment(listingKey(search, ["type"]));
    case "b":
      return pathname + segment(listingKey(search, ["brand"]));
    case "f":
      return pathname + segment(familyKey(search, countriesFromHeaders(headers)));
    default:
      return pathname + segment(listingKey(search));
  }
}
