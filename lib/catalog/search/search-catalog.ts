// The storefront's search: every visible product matching all words of the query, ranked
// (exact item code > word prefix > contains), with the inputs of every filter and facet, so a
// listing can filter, count, facet, sort and page them without asking the database again.
// A query that matches nothing is retried once with each unknown word replaced by its nearest
// catalog word ("stema" → "steam"); if that fails too, nearby spellings are offered instead.
import "server-only";
import { familiesMatching } from "./families";
import { matchProducts, type MatchRow } from "./match";
import { parseSearchQuery, type SearchTerms } from "./query-terms";
import { compareRanked, rankTier, type Tier } from "./rank";
import { correctWords, isKnown, nearestWords } from "./typo";
import { getSearchVocabulary, type SearchVocabulary } from "./vocabulary";

export type SearchHit = MatchRow & { tier: Tier };

export type SearchResult = {
  /** The query as normalised (lowercase words). */
  query: string;
  /** What was searched: the query, or its correction when the query itself matched nothing. */
  searched: string;
  /** The original query when `searched` is a correction of it. */
  correctedFrom: string | null;
  /** Every visible match, best first. */
  hits: SearchHit[];
  /** With no hits at all: other spellings worth a click ("did you mean"), best first. */
  didYouMean: string[];
};

async function rankedMatches(terms: SearchTerms): Promise<SearchHit[]> {
  const rows = await matchProducts(terms.words);
  return rows.map((r) => ({ ...r, tier: rankTier(r, terms) })).sort(compareRanked);
}

/** Up to three respellings of the unknown words that the catalog's families all carry. */
function spellingsFor(words: string[], vocabulary: SearchVocabulary): string[] {
  const unknown = words.findIndex((w) => !isKnown(w, vocabulary));
  if (unknown < 0) return [];
  const best = words.map((w) =>
    isKnown(w, vocabulary) ? w : (nearestWords(w, vocabulary, { loose: true, limit: 1 })[0] ?? w),
  );
  const options = nearestWords(words[unknown], vocabulary, { loose: true, limit: 5 }).map((alt) =>
    best.map((w, i) => (i === unknown ? alt : w)),
  );
  const seen = new Set<string>();
  return options
    .filter((ws) => familiesMatching(ws, vocabulary).length > 0)
    .map((ws) => ws.join(" "))
    .filter((q) => !seen.has(q) && seen.add(q))
    .slice(0, 3);
}

/** Searches the catalog; a blank query finds nothing (a listing without `q` is not a search). */
export async function searchCatalog(q: string): Promise<SearchResult> {
  const terms = parseSearchQuery(q);
  const empty: SearchResult = {
    query: terms.text,
    searched: terms.text,
    correctedFrom: null,
    hits: [],
    didYouMean: [],
  };
  if (terms.words.length === 0) return empty;
  const hits = await rankedMatches(terms);
  if (hits.length > 0) return { ...empty, hits };

  const vocabulary = await getSearchVocabulary();
  const corrected = correctWords(terms.words, vocabulary);
  if (corrected) {
    const correctedTerms = parseSearchQuery(corrected.join(" "));
    const correctedHits = await rankedMatches(correctedTerms);
    if (correctedHits.length > 0)
      return { ...empty, searched: correctedTerms.text, correctedFrom: terms.text, hits: correctedHits };
  }
  return { ...empty, didYouMean: spellingsFor(terms.words, vocabulary) };
}
