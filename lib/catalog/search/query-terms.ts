// A shopper's search text as the search module sees it: lowercased (searchText is stored
// lowercased), whitespace collapsed, split into words that must all occur. Pure.

export type SearchTerms = {
  /** The normalised query: lowercase words joined by one space. */
  text: string;
  /** Distinct words, in the order typed; every one must occur in a match. */
  words: string[];
};

const MAX_WORDS = 8;
const MAX_WORD = 64;

/** Normalises a query; an empty or blank query gives no words. */
export function parseSearchQuery(q: string): SearchTerms {
  const words = [
    ...new Set(
      q
        .toLowerCase()
        .split(/\s+/)
        .filter(Boolean)
        .map((w) => w.slice(0, MAX_WORD)),
    ),
  ].slice(0, MAX_WORDS);
  return { text: words.join(" "), words };
}

const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/** True when `word` occurs in `text` at the start of a word (after a space, a dash or any non-letter). */
export function startsAWord(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    if (at === 0 || !isWordChar(text[at - 1])) return true;
  }
  return false;
}
