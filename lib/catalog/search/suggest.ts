// Suggestions while a shopper types: product families (their pages, /f/<slug>) whose names carry every
// typed word (or its one-edit correction), synonyms of the shopper's language included, and item codes starting with a code-like query. Families
// come from the per-version vocabulary and codes from the unique index, so a suggestion costs
// the same at any catalog size.
import "server-only";
import { db } from "@/lib/db";
import { visibleProductWhere } from "../catalog-where";
import { familyHref } from "../family-href";
import { familiesMatching } from "./families";
import { defaultSearchLanguage, type SearchLanguage } from "./languages";
import { getSearchVocabulary } from "./language-vocabulary";
import { parseSearchQuery } from "./query-terms";
import { correctWords } from "./typo";

export type Suggestion = { kind: "family" | "product"; label: string; detail: string; href: string };
/** `searched` is the query, or its one-edit correction when the query as typed matched no family. */
export type Suggestions = { query: string; searched: string; correctedFrom: string | null; suggestions: Suggestion[] };

const MAX_CODES = 3;

async function codesStartingWith(text: string): Promise<Suggestion[]> {
  const code = text.toUpperCase();
  if (code.length < 3 || /\s/.test(code)) return [];
  const rows = await db.product.findMany({
    // A range on the unique index (LIKE would not use it case-insensitively).
    where: { AND: [visibleProductWhere, { itemCode: { gte: code, lt: `${code}\u{10FFFF}` } }] },
    orderBy: { itemCode: "asc" },
    take: MAX_CODES,
    select: { itemCode: true, productName: true },
  });
  return rows.map((r) => ({
    kind: "product",
    label: r.itemCode,
    detail: r.productName,
    href: `/p/${encodeURIComponent(r.itemCode)}`,
  }));
}

/**
 * Up to `limit` suggestions for a partly typed query in `language` (its synonyms' words count:
 * "kartu hadi" suggests gift cards): item codes (for a code-like query), then families by size.
 */
export async function suggestSearches(
  q: string,
  opts: { language?: SearchLanguage; limit?: number } = {},
): Promise<Suggestions> {
  const limit = opts.limit ?? 8;
  const terms = parseSearchQuery(q);
  if (terms.text.length < 2) return { query: terms.text, searched: terms.text, correctedFrom: null, suggestions: [] };
  const vocabulary = await getSearchVocabulary(opts.language ?? defaultSearchLanguage);
  let families = familiesMatching(terms.words, vocabulary);
  let searched = terms.text;
  if (families.length === 0) {
    const corrected = correctWords(terms.words, vocabulary);
    if (corrected) {
      families = familiesMatching(corrected, vocabulary);
      if (families.length > 0) searched = corrected.join(" ");
    }
  }
  const familySuggestions: Suggestion[] = families.map((f) => ({
    kind: "family",
    label: f.name,
    detail: `${f.typeLabel} · ${f.count} ${f.count === 1 ? "product" : "products"}`,
    href: familyHref(f.slug),
  }));
  // Item codes when the query looks like one (a digit or a dash) or names no family.
  const codes = /[\d-]/.test(terms.text) || families.length === 0 ? await codesStartingWith(terms.text) : [];
  const correctedFrom = searched === terms.text ? null : terms.text;
  return { query: terms.text, searched, correctedFrom, suggestions: [...codes, ...familySuggestions].slice(0, limit) };
}
