// Relevance of one match: exact item code, then every word starting a word of the product's
// name, brand or code, then contains. Within a tier, the storefront's default order (featured
// first, then brand, family, face value, name, item code), so a search reads like a listing. Pure.
import { startsAWord, type SearchTerms } from "./query-terms";

export type Tier = 0 | 1 | 2;
export const tierNames = ["exact item code", "word prefix", "contains"] as const;

/** The tier of a row that matched every word of `terms`. */
export function rankTier(row: { itemCode: string; searchText: string }, terms: SearchTerms): Tier {
  if (row.itemCode.toLowerCase() === terms.text) return 0;
  return terms.words.every((w) => startsAWord(row.searchText, w)) ? 1 : 2;
}

export type RankKeys = {
  tier: Tier;
  featured: boolean;
  brandName: string;
  productFamily: string | null;
  faceValue: string;
  productName: string;
  itemCode: string;
};

// Binary string order, as the databases' default collation for these ASCII-heavy columns.
const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Total order of ranked rows; ties end on the unique item code, so pages never overlap. */
export function compareRanked(a: RankKeys, b: RankKeys): number {
  return (
    a.tier - b.tier ||
    Number(b.featured) - Number(a.featured) ||
    text(a.brandName, b.brandName) ||
    text(a.productFamily ?? "", b.productFamily ?? "") ||
    Number(a.faceValue) - Number(b.faceValue) ||
    text(a.productName, b.productName) ||
    text(a.itemCode, b.itemCode)
  );
}
