// The vocabulary as one language reads it: the catalog's words plus the words of the synonyms
// that apply in that language (its own and the English ones), each pointing at the families its
// expansion points at ("hadiah" → the gift card families), so typo correction, "did you mean"
// and suggestions understand "kartu hadiah" as they understand "gift card". Derived once per
// catalog version and language; a synonym edit moves the version.
import "server-only";
import { synonymsFor } from "./expand";
import { familyIndexesMatching } from "./families";
import { defaultSearchLanguage, type SearchLanguage } from "./languages";
import { getCatalogVocabulary, vocabularyWords, type SearchVocabulary } from "./vocabulary";

export type LanguageVocabulary = SearchVocabulary & {
  language: SearchLanguage;
  /** Term → its expansions (lists of words), for expandQuery. */
  synonymMap: Map<string, string[][]>;
};

const derived = new WeakMap<SearchVocabulary, Map<SearchLanguage, LanguageVocabulary>>();

function withSynonyms(base: SearchVocabulary, language: SearchLanguage): LanguageVocabulary {
  const synonymMap = synonymsFor(base.synonyms, language);
  const words = new Map(base.words);
  const byWord = new Map([...base.familiesByWord].map(([w, f]) => [w, new Set(f)]));
  for (const [term, expansions] of synonymMap) {
    const families = new Set(expansions.flatMap((e) => familyIndexesMatching(vocabularyWords(e.join(" ")), base)));
    const size = [...families].reduce((n, f) => n + base.families[f].count, 0);
    for (const w of vocabularyWords(term)) {
      words.set(w, (words.get(w) ?? 0) + Math.max(1, size));
      const set = byWord.get(w) ?? new Set<number>();
      for (const f of families) set.add(f);
      byWord.set(w, set);
    }
  }
  const familiesByWord = new Map([...byWord].map(([w, set]) => [w, [...set].sort((a, b) => a - b)]));
  return { ...base, words, familiesByWord, language, synonymMap };
}

/** The vocabulary of the current catalog version in `language` (English by default). */
export async function getSearchVocabulary(
  language: SearchLanguage = defaultSearchLanguage,
): Promise<LanguageVocabulary> {
  const base = await getCatalogVocabulary();
  let languages = derived.get(base);
  if (!languages) derived.set(base, (languages = new Map()));
  let value = languages.get(language);
  if (!value) languages.set(language, (value = withSynonyms(base, language)));
  return value;
}
