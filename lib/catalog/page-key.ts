// The query of a cached catalog page as one path segment (docs/storefront.md#cached-catalog-pages).
// A listing's filters, sort and page, a search's words and a family page's choices arrive as a
// query string; a page that read the query would be rendered for every request, so proxy.ts
// rewrites `/t/gift_card?sort=price_asc&brand=Steam` to `/t/gift_card/_brand=Steam&sort=price_asc`
// and the page reads its segment instead. The segment is canonical — unset and invalid values
// dropped, keys in one order, a search's words trimmed, collapsed and lowercased — so every
// spelling of one page is one cache entry, and a page refuses a segment that is not (a request
// made straight to the internal path cannot fill the cache with variants). Pure: the proxy, the
// pages and tests share it.
import { maxSearchLength, parseBrowseParams, toQueryString, type BrowseParams } from "./browse-params";
import { parseFamilyParams } from "./family-params";
import { decodeSegment } from "./route-segment";

type RawParams = Record<string, string | string[] | undefined>;

/** The segment of a page without a query: "_". */
export const emptyPageKey = "_";

function rawParams(search: URLSearchParams): RawParams {
  const raw: RawParams = {};
  for (const key of new Set(search.keys())) {
    const all = search.getAll(key);
    raw[key] = all.length === 1 ? all[0] : all;
  }
  return raw;
}

const keyOf = (query: string) => `_${query.replace(/^\?/, "")}`;

/**
 * A search's words as one entry: trimmed, runs of spaces made one, lowercase, and no longer than a
 * search may be once lowercased ("İ" becomes two characters), so the key reads back as itself.
 */
export const normaliseSearchWords = (q: string) =>
  q.trim().replace(/\s+/g, " ").toLowerCase().slice(0, maxSearchLength).trimEnd();

function canonicalBrowse(params: BrowseParams, drop: readonly ("type" | "brand")[]): BrowseParams {
  const out = { ...params };
  for (const d of drop) out[d] = undefined;
  if (out.q) out.q = normaliseSearchWords(out.q) || undefined;
  return out;
}

/** The segment of a listing's or a search's query; `drop` names the filters its path already fixes. */
export function listingKey(search: URLSearchParams, drop: readonly ("type" | "brand")[] = []): string {
  return keyOf(toQueryString(canonicalBrowse(parseBrowseParams(rawParams(search)), drop)));
}

/**
 * A route segment as the canonical key it was rewritten from: Next hands a rewritten segment to
 * the page still percent-encoded, a direct request's decoded; the form that is canonical wins.
 */
function canonicalForm(segment: string, isCanonical: (key: string) => boolean): string | null {
  if (isCanonical(segment)) return segment;
  const decoded = decodeSegment(segment);
  return decoded !== segment && isCanonical(decoded) ? decoded : null;
}

const isListingKey = (drop: readonly ("type" | "brand")[]) => (key: string) =>
  key.startsWith("_") && listingKey(new URLSearchParams(key.slice(1)), drop) === key;

/** The filters a listing segment stands for, or null when the segment is not canonical. */
export function parseListingKey(segment: string, drop: readonly ("type" | "brand")[] = []): BrowseParams | null {
  const key = canonicalForm(segment, isListingKey(drop));
  if (key === null) return null;
  return canonicalBrowse(parseBrowseParams(rawParams(new URLSearchParams(key.slice(1)))), drop);
}

/** How many of a shopper's likely countries a family page without a region is chosen by. */
const hintedCountries = 3;

export type FamilyKey = { region?: string; value?: string; item?: string; countries: string[] };

/**
 * The segment of a family page's query. Without a region the page opens in the shopper's own,
 * from their likely countries (lib/catalog/family-params.ts): those become part of the segment,
 * and proxy.ts tells shared caches the answer varies by the headers they came from.
 */
export function familyKey(search: URLSearchParams, countries: string[]): string {
  const p = parseFamilyParams(rawParams(search));
  const out = new URLSearchParams();
  if (p.region) out.set("region", p.region);
  if (p.value) out.set("value", p.value);
  if (p.item) out.set("item", p.item);
  const hint = p.region ? [] : countries.filter((c) => /^[A-Z]{2}$/.test(c)).slice(0, hintedCountries);
  if (hint.length > 0) out.set("near", hint.join(","));
  return keyOf(out.toString());
}

const nearOf = (search: URLSearchParams) => (search.get("near") ?? "").split(",").filter(Boolean);
const isFamilyKey = (key: string) => {
  if (!key.startsWith("_")) return false;
  const search = new URLSearchParams(key.slice(1));
  return familyKey(search, nearOf(search)) === key;
};

/** The choices a family segment stands for, or null when the segment is not canonical. */
export function parseFamilyKey(segment: string): FamilyKey | null {
  const key = canonicalForm(segment, isFamilyKey);
  if (key === null) return null;
  const search = new URLSearchParams(key.slice(1));
  const p = parseFamilyParams(rawParams(search));
  return { region: p.region, value: p.value, item: p.item, countries: nearOf(search) };
}
