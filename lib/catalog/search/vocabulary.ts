// What shoppers can mean, built once per catalog version and kept per process: every word (3+
// characters, with a letter) of the brand, family and product names and product type words of
// visible products, and the owners' synonyms (language-vocabulary.ts adds a language's words), with how many products carry it, and the product families (one storefront
// tile each, lib/catalog/family.ts) each word belongs to. Typo correction and suggestions read only this, so they cost the
// same at 1,000 or 50,000 SKUs. A sync, a flag change or a re-price moves the catalog version,
// and the next search on any instance rebuilds it.
import "server-only";
import { db, Prisma } from "@/lib/db";
import { visibleProductSql } from "../catalog-where";
import { getProductTypeLabel } from "../product-types";
import { readCatalogVersion } from "../catalog-version";
import type { Synonym } from "./expand";
import { typeSearchWords } from "./index-text";
import type { Vocabulary } from "./typo";

/** A product family as suggestions show it: its name, its page (/f/<slug>), its type and size. */
export type SearchFamily = { slug: string; name: string; productType: string; typeLabel: string; count: number };
export type SearchVocabulary = Vocabulary & {
  version: number;
  /** Families, most products first. */
  families: SearchFamily[];
  /** Word → indexes into `families` of the families whose names or products carry it. */
  familiesByWord: Map<string, number[]>;
  /** Every owner-edited synonym, all languages (they move the catalog version when edited). */
  synonyms: Synonym[];
};

let cached: { version: number; value: Promise<SearchVocabulary> } | null = null;

/** The words of a name as the vocabulary stores them. */
export const vocabularyWords = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3 && /\p{L}/u.test(w));

type NameRow = {
  familySlug: string;
  familyName: string;
  brandName: string;
  productType: string;
  productName: string;
  n: unknown;
};

async function buildVocabulary(version: number): Promise<SearchVocabulary> {
  const rows = await db.$queryRaw<NameRow[]>(Prisma.sql`
    SELECT p."familySlug", p."familyName", p."brandName", p."productType", p."productName", CAST(COUNT(*) AS INTEGER) AS "n" FROM "Product" p
    WHERE ${visibleProductSql} GROUP BY p."familySlug", p."familyName", p."brandName", p."productType", p."productName"`);
  const words = new Map<string, number>();
  const familyIndex = new Map<string, number>();
  const families: SearchFamily[] = [];
  const wordFamilies = new Map<string, Set<number>>();
  for (const row of rows) {
    const n = Number(row.n);
    let f = familyIndex.get(row.familySlug);
    if (f === undefined) {
      f = families.length;
      familyIndex.set(row.familySlug, f);
      const typeLabel = getProductTypeLabel(row.productType);
      families.push({
        slug: row.familySlug,
        name: row.familyName || row.brandName,
        productType: row.productType,
        typeLabel,
        count: 0,
      });
    }
    families[f].count += n;
    const names = [row.brandName, row.familyName, row.productName, typeSearchWords(row.productType)];
    for (const w of new Set(names.flatMap(vocabularyWords))) {
      words.set(w, (words.get(w) ?? 0) + n);
      const set = wordFamilies.get(w) ?? new Set<number>();
      set.add(f);
      wordFamilies.set(w, set);
    }
  }
  // Sort families by size and remap the indexes.
  const order = families
    .map((_, i) => i)
    .sort((a, b) => families[b].count - families[a].count || (families[a].slug < families[b].slug ? -1 : 1));
  const position = new Map(order.map((old, i) => [old, i]));
  const familiesByWord = new Map(
    [...wordFamilies].map(([w, set]) => [w, [...set].map((i) => position.get(i)!).sort((a, b) => a - b)]),
  );
  const synonyms = await db.searchSynonym.findMany({ select: { language: true, term: true, expandsTo: true } });
  return { version, words, families: order.map((i) => families[i]), familiesByWord, synonyms };
}

/** The vocabulary of the current catalog version, in no language (one primary-key read when it is already built). */
export async function getCatalogVocabulary(): Promise<SearchVocabulary> {
  const version = await readCatalogVersion();
  if (cached?.version !== version) {
    const value = buildVocabulary(version);
    cached = { version, value };
    value.catch(() => {
      if (cached?.value === value) cached = null;
    });
  }
  return cached.value;
}
