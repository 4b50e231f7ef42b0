// Where proxy.ts sends a page (docs/markets.md#urls, docs/storefront.md#cached-catalog-pages). A
// public URL names its market and language by an optional prefix (`/id/…`, `/id/en/…`; none for
// the default market in its default language); a cached catalog page is rewritten to the internal
// path `/<market>/<lang>/…` whose last segment, for a listing, family or search page, is the
// canonical query (lib/catalog/page-key.ts), so the page is rendered once per distinct page and
// kept in the page cache. A family page without a region is chosen by the shopper's likely
// countries, read here from their headers; the page cache tells shared caches to vary it by them
// (lib/http/page-cache/cached-paths.cjs varyOf). Any other page loses the prefix and learns the
// market and language from two request headers (lib/i18n/locales.ts). Pure.
import { familyKey, listingKey } from "@/lib/catalog/page-key";
import { countriesFromHeaders } from "@/lib/catalog/family-params";
import { defaultUrlMarket, marketPrefix, publicUrl, type UrlMarket } from "./market-url";
import { isPublicCatalogPage, isRewrittenCatalogPage } from "./page-cache/cached-paths.cjs";

export { defaultUrlMarket, marketPrefix, publicUrl, type UrlMarket };

const segment = (key: string) => `/${encodeURIComponent(key)}`;

/** The path (without market prefix) of a public catalog page with its query in the last segment, or null. */
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

export type PageRoute =
  /**
   * A prefix that names the default market or a market's default language: 308 to `location`. A
   * link to the default market's home (`/us`) goes to "/", which opens the remembered market, so
   * it names the market to remember (`remember`) and is answered 307 with the cookie instead.
   */
  | { kind: "redirect"; location: string; remember?: string }
  /**
   * A language the market does not offer, or any page under a prefix that names no enabled market
   * (no page of the shop starts with a segment of a slug's shape): the not-found page, in the
   * named market's default language, else the default market's.
   */
  | { kind: "notFound"; market: string; lang: string }
  /** A cached catalog page: rewrite to `internal`. */
  | { kind: "catalog"; market: string; lang: string; internal: string }
  /** Any other page: rewrite to `path` (the URL without its prefix) with the market and language headers. */
  | { kind: "page"; market: string; lang: string; path: string };

const slugShape = /^[a-z]{2}(-[a-z0-9]{2,8})?$/;

/**
 * The first segments of the pages rendered per request that have pages below them
 * (app/(request)/…, app/img). Any other path of two or more segments is no page of the shop: Next
 * would hand it to the catalog tree's `[market]/[lang]` as an internal path, whose bare 404 it
 * would let shared caches keep, so it is the shop's not-found page instead.
 */
export const nestedPageRoots: ReadonlySet<string> = new Set(["admin", "img", "orders", "two-factor"]);
// A language segment ("en", "pt-BR", in any case: "EN", "pt-br"); no page of the shop starts with one.
const languageShape = /^[a-z]{2}(-[a-z]{2})?$/i;

/**
 * Where a public URL goes: its market and language from the prefix (`/id/en/t/x`), the default
 * market in its default language without one. `markets` holds the enabled ones.
 */
export function routePage(
  pathname: string,
  search: URLSearchParams,
  headers: Headers,
  markets: readonly UrlMarket[],
): PageRoute {
  const parts = pathname.split("/");
  const fallback = defaultUrlMarket(markets);
  // A prefix typed in capitals ("/ID", "/id/EN") names its market and language, and is then
  // redirected to their canonical lowercase form like any other non-canonical prefix.
  const named = markets.find((m) => m.slug === parts[1]?.toLowerCase());
  let market = fallback;
  let lang = fallback.languages[0];
  let used = 0;
  if (named) {
    market = named;
    lang = named.languages[0];
    used = 1;
    const second = parts[2];
    if (second !== undefined && languageShape.test(second)) {
      const offered = named.languages.find((l) => l.toLowerCase() === second.toLowerCase());
      if (!offered) return { kind: "notFound", market: named.slug, lang };
      lang = offered;
      used = 2;
    }
  }
  const rest = "/" + parts.slice(1 + used).join("/");
  const query = search.toString();
  const canonical = publicUrl(market, lang, rest === "/" ? "/" : rest.replace(/\/$/, "") || "/");
  const given = used === 0 ? null : "/" + parts.slice(1, 1 + used).join("/");
  if (given !== null && given !== marketPrefix(market, lang)) {
    const location = canonical + (query ? `?${query}` : "");
    return canonical === "/" ? { kind: "redirect", location, remember: market.slug } : { kind: "redirect", location };
  }
  if (isPublicCatalogPage(rest)) {
    const inner = catalogRewrite(rest, search, headers) ?? (rest === "/" ? "" : rest);
    return { kind: "catalog", market: market.slug, lang, internal: `/${market.slug}/${lang}${inner}` };
  }
  // "/xx/t/gift_card", "/br/cart" with Brazil disabled: a page under a prefix that names no
  // enabled market. (A bare "/xx" is one segment, which no route matches: Next's not-found page.)
  if (used === 0 && parts.length > 2 && slugShape.test(parts[1].toLowerCase())) {
    return { kind: "notFound", market: market.slug, lang };
  }
  const segments = rest.split("/").filter(Boolean);
  if (segments.length > 1 && !nestedPageRoots.has(segments[0])) return { kind: "notFound", market: market.slug, lang };
  return { kind: "page", market: market.slug, lang, path: rest };
}
