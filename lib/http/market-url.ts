// A page's public URL in a market and language (docs/markets.md#urls): the default market in its
// default language has no prefix, another market its slug, another language a second segment.
// Pure and small: the server's routing (catalog-rewrite.ts) and the browser's market switcher share it.

/** An enabled market as URLs see it: its slug and languages, its default language first. */
export type UrlMarket = { slug: string; languages: readonly string[]; isDefault: boolean };

/** The public path prefix of a market in a language: "" for the default market in its default language. */
export function marketPrefix(market: UrlMarket, lang: string): string {
  if (lang !== market.languages[0]) return `/${market.slug}/${lang}`;
  return market.isDefault ? "" : `/${market.slug}`;
}

/** The public URL of a page (its path without prefix, e.g. "/p/X" or "/") in a market and language. */
export function publicUrl(market: UrlMarket, lang: string, path: string): string {
  const prefix = marketPrefix(market, lang);
  return path === "/" ? prefix || "/" : prefix + path;
}

/** The default market of a list (a list always has one; the first stands in otherwise). */
export function defaultUrlMarket(markets: readonly UrlMarket[]): UrlMarket {
  return markets.find((m) => m.isDefault) ?? markets[0] ?? { slug: "us", languages: ["en"], isDefault: true };
}

/** A public path without its market prefix ("/id/en/p/X" → "/p/X"; an unprefixed path as it is). */
export function pathWithoutPrefix(pathname: string, markets: readonly UrlMarket[]): string {
  const parts = pathname.split("/");
  const market = markets.find((m) => m.slug === parts[1]);
  if (!market) return pathname;
  const used = parts[2] !== undefined && market.languages.includes(parts[2]) ? 2 : 1;
  return "/" + parts.slice(1 + used).join("/");
}
