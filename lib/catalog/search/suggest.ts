// Suggestions while a shopper types, of the products the shopper's market offers: product families (their pages, /f/<slug>) whose names carry every
// typed word (or its one-edit correction), synonyms of the shopper's language included, and item codes starting with a code-like query. Families
// come from the per-version vocabulary and codes from the unique index, so a suggestion costs
// the same at any catalog size.
import "server-only";
import { db } from "@/lib/db";
import type { ProductOffer } from "@/lib/markets/offer";
import { offeredProductWhere } from "../catalog-where";
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

async function codesStartingWith(text: string, offer: ProductOffer | undefined): Promise<Suggestion[]> {
  const code = text.toUpperCase();
  if (code.length < 3 || /\s/.test(code)) return [];
  const rows = await db.product.findMany({
    // A range on the unique index (LIKE would not use it case-insensitively).
    where: { AND: [offeredProductWhere(offer), { itemCode: { gte: code, lt: `${code}\u{10FFFF}` } }] },
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
 * The families among `families` with a product the market offers, with the count of those products
 * (the vocabulary counts the whole catalog); all of them, as they are, for every product.
 */
async function offeredFamilies<F extends { slug: string; count: number }>(
  families: F[],
  offer: ProductOffer | undefined,
): Promise<F[]> {
  if (!offer || families.length === 0) return families;
  const rows = await db.product.groupBy({
    by: ["familySlug"],
    where: { AND: [offeredProductWhere(offer), { familySlug: { in: families.map((f) => f.slug) } }] },
    _count: { _all: true },
  });
  const counts = new Map(rows.map((r) => [r.familySlug, r._count._all]));
  return families.filter((f) => counts.has(f.slug)).map((f) => ({ ...f, count: counts.get(f.slug)! }));
}

/**
 * Up to `limit` suggestions for a partly typed query in `language` (its synonyms' words count:
 * "kartu hadi" suggests gift cards): item codes (for a code-like query), then families by size.
 */
export async function suggestSearches(
  q: string,
  opts: { language?: SearchLanguage; limit?: number; offer?: ProductOffer } = {},
): Promise<Suggestions> {
  const limit = opts.limit ?? 8;
  const terms = parseSearchQuery(q);
  if (terms.text.length < 2) return { query: terms.text, searched: terms.text, correctedFrom: null, suggestions: [] };
  const vocabulary = await getSearchVocabulary(opts.language ?? defaultSearchLanguage);
  let families = await offeredFamilies(familiesMatching(terms.words, vocabulary), opts.offer);
  let searched = terms.text;
  if (families.length === 0) {
    const corrected = correctWords(terms.words, vocabulary);
    if (corrected) {
      families = await offeredFamilies(familiesMatching(corrected, vocabulary), opts.offer);
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
  const codes =
    /[\d-]/.test(terms.text) || families.length === 0 ? await codesStartingWith(terms.text, opts.offer) : [];
  const correctedFrom = searched === terms.text ? null : terms.text;
  return { query: terms.text, searched, correctedFrom, suggestions: [...codes, ...familySuggestions].slice(0, limit) };
}
