// A query as concepts: each phrase a synonym names ("kartu hadiah", "steam wallet") and each other
// word is one concept, met by any of its alternatives (the words as typed, or what the synonym
// expands to); an alternative is met when the product's search text contains all its words.
// Ranking counts the concepts met (docs/catalog-sync-and-search.md#ranking). Pure.
import type { SearchLanguage } from "./languages";

export type Synonym = { language: string; term: string; expandsTo: string };

export type Concept = {
  /** The words as typed. */
  text: string;
  /** Ways to meet it: the typed words first, then each expansion; each a list of words. */
  alternatives: string[][];
};

/** Words as search compares them: lowercase, NFC, split on whitespace. */
export const termWords = (text: string) => text.normalize("NFC").toLowerCase().split(/\s+/).filter(Boolean);

/**
 * The synonyms that apply in `language`: its own and the English ones (brands are
 * international); where both name a term, the language's own wins.
 */
export function synonymsFor(all: Synonym[], language: SearchLanguage): Map<string, string[][]> {
  const byTerm = new Map<string, { own: boolean; expansions: string[][] }>();
  for (const s of all) {
    if (s.language !== language && s.language !== "en") continue;
    const own = s.language === language;
    const term = termWords(s.term).join(" ");
    const have = byTerm.get(term);
    if (have && have.own && !own) continue;
    const entry = have && have.own === own ? have : { own, expansions: [] };
    entry.expansions.push(termWords(s.expandsTo));
    byTerm.set(term, entry);
  }
  return new Map([...byTerm].map(([term, e]) => [term, e.expansions]));
}

/** Splits `words` into concepts, taking the longest synonym phrase at each position. */
export function expandQuery(words: string[], synonyms: Map<string, string[][]>): Concept[] {
  const longest = Math.max(1, ...[...synonyms.keys()].map((t) => t.split(" ").length));
  const concepts: Concept[] = [];
  for (let i = 0; i < words.length;) {
    let taken = 1;
    let expansions: string[][] = [];
    for (let n = Math.min(longest, words.length - i); n >= 1; n--) {
      const found = synonyms.get(words.slice(i, i + n).join(" "));
      if (found) {
        taken = n;
        expansions = found;
        break;
      }
    }
    const typed = words.slice(i, i + taken);
    concepts.push({ text: typed.join(" "), alternatives: [typed, ...expansions] });
    i += taken;
  }
  return concepts;
}
