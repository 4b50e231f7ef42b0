// Typo tolerance over a small vocabulary (the words of brand and product names, built once per
// catalog version): an edit distance that counts a swap of two neighbours as one edit, so
// "stema" → "steam" and "playstaion" → "playstation" are one edit away. Pure.

/** Words that need no correction: every vocabulary word containing them. */
export type Vocabulary = { words: Map<string, number> };

/**
 * Optimal string alignment distance (Levenshtein plus adjacent transpositions), or `max + 1`
 * as soon as it must exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length];
}

/** Edits a word of this length may carry and still be corrected: none below 4 letters. */
export function allowedEdits(length: number, loose = false): number {
  if (length < 4) return loose && length === 3 ? 1 : 0;
  return length < 8 ? (loose ? 2 : 1) : 2;
}

const hasLetter = (w: string) => /\p{L}/u.test(w);

/** True when some vocabulary word contains `word` (it can match as typed). */
export function isKnown(word: string, vocabulary: Vocabulary): boolean {
  if (vocabulary.words.has(word)) return true;
  for (const v of vocabulary.words.keys()) if (v.includes(word)) return true;
  return false;
}

/**
 * Vocabulary words within the allowed edits of `word` (as a whole word, or as the start of a
 * longer one, for a word still being typed), nearest first, then the most frequent.
 */
export function nearestWords(
  word: string,
  vocabulary: Vocabulary,
  opts: { loose?: boolean; limit?: number } = {},
): string[] {
  const max = allowedEdits(word.length, opts.loose);
  if (max === 0 || !hasLetter(word)) return [];
  const found: { word: string; d: number; n: number }[] = [];
  for (const [v, n] of vocabulary.words) {
    const whole = editDistance(word, v, max);
    const prefix = v.length > word.length ? editDistance(word, v.slice(0, word.length), max) : max + 1;
    // A whole-word match ranks before a start-of-word match at the same distance.
    if (Math.min(whole, prefix) <= max) found.push({ word: v, d: Math.min(whole, prefix + 0.5), n });
  }
  found.sort((a, b) => a.d - b.d || b.n - a.n || (a.word < b.word ? -1 : 1));
  return found.slice(0, opts.limit ?? 3).map((f) => f.word);
}

/** The query with every unknown word replaced by its nearest vocabulary word; null when nothing changes. */
export function correctWords(words: string[], vocabulary: Vocabulary): string[] | null {
  let changed = false;
  const out = words.map((w) => {
    if (isKnown(w, vocabulary)) return w;
    const [best] = nearestWords(w, vocabulary, { limit: 1 });
    if (!best) return w;
    changed = true;
    return best;
  });
  return changed ? out : null;
}
