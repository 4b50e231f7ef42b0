// Which product families a few typed words point at, from the vocabulary alone (no query):
// every word must start a word of the family's brand, type or product names. Pure.
import type { SearchFamily } from "./vocabulary";

type FamilyIndex = { families: SearchFamily[]; familiesByWord: Map<string, number[]> };

/** Words the vocabulary can hold (3+ characters with a letter); others are ignored here. */
export const isVocabularyWord = (w: string) => w.length >= 3 && /\p{L}/u.test(w);

/** Indexes (into `families`) of the families matching every vocabulary word of `words`, ascending. */
export function familyIndexesMatching(words: string[], index: FamilyIndex): number[] {
  const usable = words.map((w) => w.replace(/[^\p{L}\p{N}]+/gu, "")).filter(isVocabularyWord);
  if (usable.length === 0) return [];
  let result: Set<number> | null = null;
  for (const w of usable) {
    const found = new Set<number>();
    for (const [v, families] of index.familiesByWord) {
      if (v.startsWith(w)) for (const f of families) found.add(f);
    }
    const narrowed: Set<number> = result === null ? found : new Set([...result].filter((f: number) => found.has(f)));
    if (narrowed.size === 0) return [];
    result = narrowed;
  }
  return [...(result ?? [])].sort((a, b) => a - b);
}

/** Families matching every vocabulary word of `words`, largest first; none when no word qualifies. */
export function familiesMatching(words: string[], index: FamilyIndex): SearchFamily[] {
  return familyIndexesMatching(words, index).map((i) => index.families[i]);
}
