// Suggestions while a shopper types: product families (brand + type) whose names carry every
// typed word (or its one-edit correction), and item codes starting with the query. Families
// come from the per-version vocabulary and codes from the unique index, so a suggestion costs
// the same at any catalog size.
import "server-only";
import { db } from "@/lib/db";
import { visibleProductWhere } from "../catalog-where";
import { familiesMatching } from "./families";
import { parseSearchQuery } from "./query-terms";
import { correctWords } from "./typo";
import { getSearchVocabulary } from "./vocabulary";

export type Suggestion = { kind: "family" | "product"; label: string; detail: string; href: string };
export type Suggestions = { query: string; correctedFrom: string | null; suggestions: Suggestion[] };

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
  return rows.map((r) => ({ kind: "product", label: r.itemCode, detail: r.productName, href: `/p/${encodeURIComponent(r.itemCode)}` }));
}

/** Up to `limit` suggestions for a partly typed query; item codes first, then families by size. */
export async function suggestSearches(q: string, limit = 8): Promise<Suggestions> {
  const terms = parseSearchQuery(q);
  if (terms.text.length < 2) return { query: terms.text, correctedFrom: null, suggestions: [] };
  const [vocabulary, codes] = await Promise.all([getSearchVocabulary(), codesStartingWith(terms.text)]);
  let families = familiesMatching(terms.words, vocabulary);
  let correctedFrom: string | null = null;
  if (families.length === 0) {
    const corrected = correctWords(terms.words, vocabulary);
    if (corrected) {
      families = familiesMatching(corrected, vocabulary);
      if (families.length > 0) correctedFrom = terms.text;
    }
  }
  const familySuggestions: Suggestion[] = families.map((f) => ({
    kind: "family",
    label: f.brandName,
    detail: `${f.typeLabel} · ${f.count} ${f.count === 1 ? "product" : "products"}`,
    // Until family pages exist, a family is its brand's page narrowed to the type.
    href: `/b/${encodeURIComponent(f.brandSlug)}?type=${encodeURIComponent(f.productType)}`,
  }));
  return { query: terms.text, correctedFrom, suggestions: [...codes, ...familySuggestions].slice(0, limit) };
}
