// The page kinds the HTTP phase measures, how each answer is checked (so an error page never
// counts as throughput), and the targets of issue 22 beside each: a catalog page at least 50 % of
// the static file's throughput from `next start` itself and 90 % through the proxy, search
// results 25 % from `next start`, and p95 at the largest size at most 1.5 × p95 at the smallest.
// One market's pages (Indonesia, `/id/…`) are measured beside the default market's under the same
// targets (issue 21: a market's catalog pages cost what the default market's cost).

/** What the HTTP phase requests: found in the synced catalog of one size. */
export type HttpTargets = {
  searchWord: string;
  searchRegion: string;
  productCodes: string[];
  familySlugs?: string[];
  categorySlug?: string;
  /** The product type whose listing is measured; absent: gift_card. */
  typeSlug?: string;
};

/** Share of the static file's req/s a page must reach on each path; undefined: no target. */
export type ShareTarget = { direct?: number; proxy?: number };
export type Kind = {
  name: string;
  urls: (n: number) => string[];
  check: (url: string, body: string) => boolean;
  target: ShareTarget;
  /** Measured from `next start` alone (an API answer, not a page a proxy is meant to serve). */
  directOnly?: boolean;
  /** A market's page: the name of the default market's page it is measured (and listed) beside. */
  beside?: string;
  /** The row of the same page's bytes served as a static file (page-copies.ts), its share's baseline. */
  baseline?: string;
};

const catalogPage: ShareTarget = { direct: 50, proxy: 90 };
const searchPage: ShareTarget = { direct: 25 };
export const p95RatioTarget = 1.5;

/** A listing in the market of `prefix` ("" for the default, "/id") links a family tile or a product there. */
const linksProductIn = (prefix: string) => (_url: string, body: string) =>
  body.includes(`href="${prefix}/f/`) || body.includes(`href="${prefix}/p/`);
/** A product page must name its item code; a listing must link at least one family tile (or product). */
export const hasProductLink = linksProductIn("");
const namesItsCode = (url: string, body: string) =>
  body.includes(decodeURIComponent(url.slice(url.lastIndexOf("/p/") + 3)));
/** A family page links itself (its canonical URL). */
const namesItsFamily = (url: string, body: string) => body.includes(url.slice(url.lastIndexOf("/f/")));
/** A search page with no match still names the query it answers (an error page does not). */
const namesItsQuery = (url: string, body: string) =>
  body.includes(new URL(url, "http://x").searchParams.get("q") ?? "\u0000");
const anyBody = () => true;
const repeat = (url: string) => (n: number) => Array.from({ length: n }, () => url);
const rotate = (prefix: string, items: string[]) => (n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}${encodeURIComponent(items[i % items.length])}`);

/** What a shopper types on the way to `word`, plus one-typo spellings of it. */
export function suggestQueries(word: string): string[] {
  const w = word.toLowerCase();
  const prefixes = Array.from({ length: Math.max(0, w.length - 1) }, (_, i) => w.slice(0, i + 2));
  const swapped = w.length > 3 ? w.slice(0, 2) + w[3] + w[2] + w.slice(4) : w;
  return [...prefixes, swapped, w.slice(0, -1) + "x", "playstaion", "amazn", "gogle play"];
}

/** URLs for each page kind, the static file first; product and family pages rotate over the given ones. */
export function pageKinds(t: HttpTargets, staticUrl: string): Kind[] {
  const q = encodeURIComponent(t.searchWord);
  const kinds: Kind[] = [
    { name: "static file", urls: repeat(staticUrl), check: anyBody, target: {} },
    { name: "home /", urls: repeat("/"), check: hasProductLink, target: catalogPage },
    { name: "type listing /t/gift_card", urls: repeat("/t/gift_card"), check: hasProductLink, target: catalogPage },
  ];
  if (t.categorySlug)
    kinds.push({
      name: "category /c/<biggest>",
      urls: repeat(`/c/${encodeURIComponent(t.categorySlug)}`),
      check: hasProductLink,
      target: catalogPage,
    });
  const families = t.familySlugs ?? [];
  if (families.length > 0)
    kinds.push({ name: "family /f/<slug>", urls: rotate("/f/", families), check: namesItsFamily, target: catalogPage });
  kinds.push(
    { name: "product /p/<code>", urls: rotate("/p/", t.productCodes), check: namesItsCode, target: catalogPage },
    { name: "search ?q= (relevance)", urls: repeat(`/search?q=${q}`), check: hasProductLink, target: searchPage },
    { name: "search, no match", urls: repeat("/search?q=qqxqqzq"), check: namesItsQuery, target: searchPage },
  );
  return kinds;
}

/** The market whose pages are measured beside the default's: Indonesia, in its default language (docs/markets.md#urls). */
export const benchMarketPrefix = "/id";

/**
 * The same catalog pages in the market of `prefix` (issue 21: they cost what the default's cost),
 * under the same targets. `t` holds only what that market offers (its products and families).
 */
export function marketPageKinds(t: HttpTargets, prefix = benchMarketPrefix): Kind[] {
  const links = linksProductIn(prefix);
  const q = encodeURIComponent(t.searchWord);
  const kinds: Kind[] = [
    { name: `home ${prefix}`, beside: "home /", urls: repeat(prefix), check: links, target: catalogPage },
    {
      name: `type listing ${prefix}/t/<type>`,
      beside: "type listing /t/gift_card",
      urls: repeat(`${prefix}/t/${encodeURIComponent(t.typeSlug ?? "gift_card")}`),
      check: links,
      target: catalogPage,
    },
  ];
  if (t.categorySlug)
    kinds.push({
      name: `category ${prefix}/c/<biggest>`,
      beside: "category /c/<biggest>",
      urls: repeat(`${prefix}/c/${encodeURIComponent(t.categorySlug)}`),
      check: links,
      target: catalogPage,
    });
  const families = t.familySlugs ?? [];
  if (families.length > 0)
    kinds.push({
      name: `family ${prefix}/f/<slug>`,
      beside: "family /f/<slug>",
      urls: rotate(`${prefix}/f/`, families),
      check: namesItsFamily,
      target: catalogPage,
    });
  if (t.productCodes.length > 0)
    kinds.push({
      name: `product ${prefix}/p/<code>`,
      beside: "product /p/<code>",
      urls: rotate(`${prefix}/p/`, t.productCodes),
      check: namesItsCode,
      target: catalogPage,
    });
  kinds.push({
    name: `search ${prefix}/search?q=`,
    beside: "search ?q= (relevance)",
    urls: repeat(`${prefix}/search?q=${q}`),
    check: links,
    target: searchPage,
  });
  return kinds;
}

/** The default market's kinds, each followed by the market's kind measured beside it (the rest at the end). */
export function besideDefault(defaults: Kind[], market: Kind[]): Kind[] {
  const out: Kind[] = [];
  for (const k of defaults) out.push(k, ...market.filter((m) => m.beside === k.name));
  return [...out, ...market.filter((m) => !defaults.some((k) => k.name === m.beside))];
}

/** Search suggestions (an API answer): measured from `next start` only, with no share target. */
export function suggestKind(searchWord: string): Kind {
  const queries = [...suggestQueries(searchWord), ...suggestQueries("google")];
  return {
    name: "suggest /api/search/suggest",
    urls: (n) =>
      Array.from({ length: n }, (_, i) => `/api/search/suggest?q=${encodeURIComponent(queries[i % queries.length])}`),
    check: anyBody,
    target: {},
    directOnly: true,
  };
}
