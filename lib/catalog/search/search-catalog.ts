// The storefront's search: the visible products meeting the query, in the shopper's language
// (synonyms of that language and English ones), ranked by how many of its words or phrases they
// meet, then exact item code > word prefix > contains, with the inputs of every filter and facet,
// so a listing can filter, count, facet, sort and page them without asking the database again.
// When no product meets the whole query, each unknown word is replaced once by its nearest word of
// the language's vocabulary ("stema" → "steam", "ulagn" → "ulang"); if nothing matches at all,
// nearby spellings are offered instead. docs/catalog-sync-and-search.md#search
import "server-only";
import { expandQuery } from "./expand";
import { familiesMatching } from "./families";
import { defaultSearchLanguage, type SearchLanguage } from "./languages";
import { getSearchVocabulary, type LanguageVocabulary } from "./language-vocabulary";
import { matchProducts, type MatchRow } from "./match";
import { parseSearchQuery } from "./query-terms";
import { compareRanked, scoreMatch, type MatchScore } from "./rank";
import { correctWords, isKnown, nearestWords } from "./typo";

export type SearchHit = MatchRow & MatchScore;

export type SearchResult = {
  /** The query as normalised (lowercase words). */
  query: string;
  /** What was searched: the query, or its correction when that met more of it. */
  searched: string;
  /** The original query when `searched` is a correction of it. */
  correctedFrom: string | null;
  /** Every visible match, best first. */
  hits: SearchHit[];
  /** With no hits at all: other spellings worth a click ("did you mean"), best first. */
  didYouMean: string[];
};

export type SearchOptions = { language?: SearchLanguage };

async function rankedMatches(text: string, vocabulary: LanguageVocabulary): Promise<SearchHit[]> {
  const terms = parseSearchQuery(text);
  const concepts = expandQuery(terms.words, vocabulary.synonymMap);
  const rows = await matchProducts(concepts);
  const hits: SearchHit[] = [];
  for (const r of rows) {
    const score = scoreMatch(r, terms, concepts);
    if (score) hits.push({ ...r, ...score });
  }
  return hits.sort(compareRanked);
}

/** Up to three respellings of the unknown words that the catalog's families all carry. */
function spellingsFor(words: string[], vocabulary: LanguageVocabulary): string[] {
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
export async function searchCatalog(q: string, opts: SearchOptions = {}): Promise<SearchResult> {
  const terms = parseSearchQuery(q);
  const empty: SearchResult = {
    query: terms.text,
    searched: terms.text,
    correctedFrom: null,
    hits: [],
    didYouMean: [],
  };
  if (terms.words.length === 0) return empty;
  const vocabulary = await getSearchVocabulary(opts.language ?? defaultSearchLanguage);
  const hits = await rankedMatches(terms.text, vocabulary);
  if (hits.length > 0 && hits[0].missed === 0) return { ...empty, hits };

  // Some word met nothing: a misspelling, if the vocabulary knows a word one edit away.
  const corrected = correctWords(terms.words, vocabulary);
  if (corrected) {
    const correctedText = parseSearchQuery(corrected.join(" ")).text;
    const correctedHits = await rankedMatches(correctedText, vocabulary);
    if (correctedHits.length > 0 && (hits.length === 0 || correctedHits[0].missed === 0))
      return { ...empty, searched: correctedText, correctedFrom: terms.text, hits: correctedHits };
  }
  if (hits.length > 0) return { ...empty, hits };
  return { ...empty, didYouMean: spellingsFor(terms.words, vocabulary) };
}
