// A shopper's visit to "/" (docs/markets.md#urls): the market the cookie remembers, else one
// chosen by a CDN's country header, then Accept-Language (a language's region, then the
// language itself), then the default; the proxy redirects to it (307, never stored). Pure.
import { defaultUrlMarket, publicUrl, type UrlMarket } from "./market-url";

/** The cookie that remembers a shopper's market (its slug); set by the catalog pages in the browser. */
export const marketCookie = "shop-market";

/** The cookie's attributes, the same wherever it is set (the pages, the switcher, proxy.ts). */
export const marketCookieOptions = { path: "/", maxAge: 31_536_000, sameSite: "lax" } as const;

/** The cookie as the browser writes it (`document.cookie`), with the same attributes. */
export const marketCookieString = (slug: string) =>
  `${marketCookie}=${encodeURIComponent(slug)}; path=${marketCookieOptions.path}; max-age=${marketCookieOptions.maxAge}; samesite=${marketCookieOptions.sameSite}`;

export type DetectMarket = UrlMarket & { countries: readonly string[] };

const cdnHeaders = ["cf-ipcountry", "x-vercel-ip-country", "cloudfront-viewer-country"];

/** Accept-Language's tags, most wanted first ("id-ID,id;q=0.9,en;q=0.5" → ["id-ID", "id", "en"]). */
function acceptedLanguages(header: string | null): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) : 1, i };
    })
    .filter((t) => t.tag && t.tag !== "*" && Number.isFinite(t.q) && t.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((t) => t.tag);
}

/** The market a first visit opens in: by CDN country, then Accept-Language, then the default. */
export function detectMarket(headers: Headers, markets: readonly DetectMarket[]): DetectMarket {
  const byCountry = (code: string | undefined | null) =>
    code ? markets.find((m) => m.countries.includes(code.toUpperCase())) : undefined;
  for (const name of cdnHeaders) {
    const found = byCountry(headers.get(name));
    if (found) return found;
  }
  for (const tag of acceptedLanguages(headers.get("accept-language"))) {
    const [lang, region] = tag.split("-");
    const found =
      byCountry(region) ?? markets.find((m) => m.languages[0] === tag || m.languages[0] === lang.toLowerCase());
    if (found) return found;
  }
  return (defaultUrlMarket(markets) as DetectMarket | undefined) ?? markets[0];
}

/**
 * The language a first visit opens its market in: the first Accept-Language tag the market offers
 * (case aside), or whose language it offers ("en-GB" → "en", "pt" → "pt-BR"); else its default.
 */
export function languageFor(market: UrlMarket, headers: Headers): string {
  for (const tag of acceptedLanguages(headers.get("accept-language"))) {
    const lower = tag.toLowerCase();
    const primary = lower.split("-")[0];
    const found =
      market.languages.find((l) => l.toLowerCase() === lower) ??
      market.languages.find((l) => l.toLowerCase().split("-")[0] === primary);
    if (found) return found;
  }
  return market.languages[0];
}

/**
 * Where a request for "/" is sent, or null to serve it: to the market the cookie remembers (an
 * enabled one) in its default language, else to the detected one in the shopper's language where
 * it offers it (`/id/en` for an English browser in Indonesia) — never to the default market,
 * whose home "/" is.
 */
export function firstVisitRedirect(
  pathname: string,
  headers: Headers,
  remembered: string | undefined,
  markets: readonly DetectMarket[],
): string | null {
  if (pathname !== "/") return null;
  const known = markets.find((m) => m.slug === remembered);
  const market = known ?? detectMarket(headers, markets);
  if (market.isDefault) return null;
  return publicUrl(market, known ? market.languages[0] : languageFor(market, headers), "/");
}
