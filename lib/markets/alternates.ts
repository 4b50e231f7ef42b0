// A catalog page's canonical URL and its alternates in every enabled market and language
// (docs/markets.md#urls), as search engines read them: `hreflang` is the language in the market's
// country ("id-ID", "en-ID", "ar-SA"; a language that names its own region keeps it: "pt-BR"),
// and `x-default` is the default market in its default language. Every URL is absolute (the
// shop's origin, APP_URL, before the path): search engines ignore a relative hreflang. Pure.
import { defaultUrlMarket, publicUrl, type UrlMarket } from "@/lib/http/catalog-rewrite";

/** A market as alternates need it: its URL facts and the country its hreflang names. */
export type AlternateMarket = UrlMarket & { country: string | null };

/** "id" in ID → "id-ID"; "pt-BR" stays; a market without a country: the language alone. */
export function hreflangOf(lang: string, country: string | null): string {
  if (lang.includes("-") || !country) return lang;
  return `${lang}-${country.toUpperCase()}`;
}

/** The country a market's hreflang names: its first, else a two-letter slug ("us" → "US"). */
export function countryOf(m: { slug: string; countries: readonly string[] }): string | null {
  return m.countries[0] ?? (/^[a-z]{2}$/.test(m.slug) ? m.slug.toUpperCase() : null);
}

/**
 * The path a listing's canonical and alternates name: its own page of results after the first
 * (each page of a paginated series is its own canonical), but never its filters or sort, which
 * show the same products in another cut.
 */
export function listingPath(path: string, page: number | undefined): string {
  return page !== undefined && page > 1 ? `${path}?page=${page}` : path;
}

export type PageAlternates = { canonical: string; languages: Record<string, string> };

/**
 * The canonical URL of `path` in one market and language, and every market × language's URL of
 * it, each under `origin` ("https://shop.example", no trailing slash).
 */
export function alternatesOf(
  path: string,
  current: { market: string; lang: string },
  markets: readonly AlternateMarket[],
  origin: string,
): PageAlternates {
  const here = markets.find((m) => m.slug === current.market) ?? defaultUrlMarket(markets);
  const languages: Record<string, string> = {};
  for (const m of markets)
    for (const lang of m.languages) languages[hreflangOf(lang, m.country)] = origin + publicUrl(m, lang, path);
  const fallback = defaultUrlMarket(markets);
  languages["x-default"] = origin + publicUrl(fallback, fallback.languages[0], path);
  return { canonical: origin + publicUrl(here, current.lang, path), languages };
}
