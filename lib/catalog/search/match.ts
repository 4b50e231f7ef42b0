// Finds the visible products whose search text contains every word, through each database's
// index: on SQLite the FTS5 trigram table ProductSearch (GLOB is case-sensitive, and the text is
// stored lowercased), on PostgreSQL the trigram GIN index on Product.searchText (LIKE). Words of
// one or two characters cannot use a trigram index; they are still matched, by a scan.
import "server-only";
import { db, dbProvider, Prisma } from "@/lib/db";
import { visibleProductSql } from "../catalog-where";
import { decodeCountryCodes } from "../family";

/** One matching product: the keys ranking needs and the inputs of every filter and facet. */
export type MatchRow = {
  id: string;
  itemCode: string;
  searchText: string;
  productType: string;
  brandId: string;
  categoryId: string;
  region: string;
  currency: string;
  deliveryType: string;
  faceValue: string;
  shopPrice: string;
  inStock: boolean;
  featured: boolean;
  brandName: string;
  productFamily: string | null;
  productName: string;
  familySlug: string;
  familyName: string;
  imageKey: string;
  isOffer: boolean;
  offerPercent: string | null;
  offerExpiresDate: string | null;
  countries: string[];
};

type RawRow = Omit<
  MatchRow,
  "faceValue" | "shopPrice" | "inStock" | "featured" | "isOffer" | "offerPercent" | "countries"
> & {
  faceValue: unknown;
  shopPrice: unknown;
  inStock: unknown;
  featured: unknown;
  isOffer: unknown;
  offerPercent: unknown;
  countryCodes: string;
};

/** GLOB pattern for "contains word": *, ? and [ are literal inside brackets. */
const globContains = (w: string) => `*${w.replace(/[[*?]/g, (c) => `[${c}]`)}*`;
/** LIKE pattern for "contains word" with backslash escapes (PostgreSQL's default). */
const likeContains = (w: string) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** FROM and WHERE of a match: the visible products containing every word. */
function matchSql(words: string[]): Prisma.Sql {
  if (dbProvider === "sqlite") {
    const conds = words.map((w) => Prisma.sql`s."searchText" GLOB ${globContains(w)}`);
    return Prisma.sql`FROM "ProductSearch" s JOIN "Product" p ON p."rowid" = s."rowid" WHERE ${Prisma.join(conds, " AND ")} AND ${visibleProductSql}`;
  }
  const conds = words.map((w) => Prisma.sql`p."searchText" LIKE ${likeContains(w)}`);
  return Prisma.sql`FROM "Product" p WHERE ${Prisma.join(conds, " AND ")} AND ${visibleProductSql}`;
}

const decimalText = (v: unknown) => new Prisma.Decimal(String(v)).toString();
const bool = (v: unknown) => v === true || v === 1 || v === 1n || v === "1" || v === "true";

/** Every visible product containing all `words` (lowercase), with its facet and tile inputs; unordered. */
export async function matchProducts(words: string[]): Promise<MatchRow[]> {
  if (words.length === 0) return [];
  const rows = await db.$queryRaw<RawRow[]>(Prisma.sql`
    SELECT p."id", p."itemCode", p."searchText", p."productType", p."brandId", p."categoryId", p."region", p."currency",
           p."deliveryType", p."faceValue", p."shopPrice", p."inStock", p."featured", p."brandName", p."productFamily", p."productName",
           p."familySlug", p."familyName", p."imageKey", p."isOffer", p."offerPercent", p."offerExpiresDate", p."countryCodes"
    ${matchSql(words)}`);
  return rows.map(({ countryCodes, ...r }) => ({
    ...r,
    faceValue: decimalText(r.faceValue),
    shopPrice: decimalText(r.shopPrice),
    inStock: bool(r.inStock),
    featured: bool(r.featured),
    isOffer: bool(r.isOffer),
    offerPercent: r.offerPercent === null || r.offerPercent === undefined ? null : decimalText(r.offerPercent),
    countries: decodeCountryCodes(countryCodes),
  }));
}
