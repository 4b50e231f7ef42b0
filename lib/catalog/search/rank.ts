// Relevance of one product: first how many concepts of the query it meets (more first: a query
// whose words mostly miss still shows the best), then exact item code, then every met word
// starting a word of its search text, then contains. Within that, the storefront's default
// order (featured first, then brand, family, face value, name, item code), so a search reads
// like a listing. docs/catalog-sync-and-search.md#ranking. Pure.
import type { Concept } from "./expand";
import { startsAWord, type SearchTerms } from "./query-terms";

export type Tier = 0 | 1 | 2;
export const tierNames = ["exact item code", "word prefix", "contains"] as const;

/** Words a trigram index can find (3+ characters); shorter ones only narrow what those found. */
export const isIndexedWord = (w: string) => w.length >= 3;

export type MatchScore = { missed: number; tier: Tier };

const wordsOf = (terms: SearchTerms): Concept[] => terms.words.map((w) => ({ text: w, alternatives: [[w]] }));

/**
 * How a row meets the query, or null when it should not be listed: it must meet every concept,
 * or at least one through an indexed word (a lone "20" or "up" lists nothing by itself).
 */
export function scoreMatch(
  row: { itemCode: string; searchText: string },
  terms: SearchTerms,
  concepts: Concept[] = wordsOf(terms),
): MatchScore | null {
  const text = row.searchText;
  let met = 0;
  let indexed = false;
  let prefix = true;
  for (const c of concepts) {
    const ways = c.alternatives.filter((alt) => alt.every((w) => text.includes(w)));
    if (ways.length === 0) continue;
    met++;
    if (ways.some((alt) => alt.some(isIndexedWord))) indexed = true;
    if (!ways.some((alt) => alt.every((w) => startsAWord(text, w)))) prefix = false;
  }
  if (met === 0 || (met < concepts.length && !indexed)) return null;
  const tier: Tier = row.itemCode.toLowerCase() === terms.text ? 0 : prefix ? 1 : 2;
  return { missed: concepts.length - met, tier };
}

/** The tier of a row that contains every word of `terms`. */
export function rankTier(row: { itemCode: string; searchText: string }, terms: SearchTerms): Tier {
  return scoreMatch(row, terms)?.tier ?? 2;
}

/** One number for a family's best hit (lower is better): concepts missed, then tier. */
export const relevanceOf = (s: MatchScore) => s.missed * 3 + s.tier;

export type RankKeys = MatchScore & {
  featured: boolean;
  brandName: string;
  productFamily: string | null;
  faceValue: string;
  productName: string;
  itemCode: string;
};

// Binary string order, as the databases' default collation for these ASCII-heavy columns.
const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Total order of ranked rows; ties end on the unique item code, so pages never overlap. */
export function compareRanked(a: RankKeys, b: RankKeys): number {
  return (
    a.missed - b.missed ||
    a.tier - b.tier ||
    Number(b.featured) - Number(a.featured) ||
    text(a.brandName, b.brandName) ||
    text(a.productFamily ?? "", b.productFamily ?? "") ||
    Number(a.faceValue) - Number(b.faceValue) ||
    text(a.productName, b.productName) ||
    text(a.itemCode, b.itemCode)
  );
}
