// Finds the visible products that may meet a query, through each database's index: on SQLite the
// FTS5 trigram table ProductSearch (GLOB is case-sensitive, and the text is stored lowercased),
// on PostgreSQL the trigram GIN index on Product.searchText (LIKE). Words of one or two
// characters cannot use a trigram index: they are matched by a scan only when the query has no
// longer word, and otherwise only count in ranking (rank.ts).
import "server-only";
import { db, dbProvider, Prisma } from "@/lib/db";
import { visibleProductSql } from "../catalog-where";
import { decodeCountryCodes } from "../family";
import type { Concept } from "./expand";
import { isIndexedWord } from "./rank";

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

/**
 * What the index is asked for: products containing ANY indexed word (3+ characters) of any way
 * to meet the query, each answered by the trigram index; ranking then counts what each meets.
 * A query with no indexed word at all ("uc", "60 uc") asks for products containing every word,
 * as a scan, as before.
 */
export function retrievalWords(concepts: Concept[]): { any: string[] } | { all: string[] } {
  const any = [...new Set(concepts.flatMap((c) => c.alternatives.flat()).filter(isIndexedWord))];
  return any.length > 0 ? { any } : { all: concepts.map((c) => c.text).flatMap((t) => t.split(" ")) };
}

/** FROM and WHERE of a match. */
function matchSql(concepts: Concept[]): Prisma.Sql {
  const want = retrievalWords(concepts);
  if (dbProvider === "sqlite") {
    const glob = (w: string) => Prisma.sql`"searchText" GLOB ${globContains(w)}`;
    // One SELECT per word, each answered by the FTS5 trigram index.
    const rowids =
      "any" in want
        ? Prisma.join(
            want.any.map((w) => Prisma.sql`SELECT "rowid" FROM "ProductSearch" WHERE ${glob(w)}`),
            " UNION ",
          )
        : Prisma.sql`SELECT "rowid" FROM "ProductSearch" WHERE ${Prisma.join(want.all.map(glob), " AND ")}`;
    return Prisma.sql`FROM "Product" p WHERE p."rowid" IN (${rowids}) AND ${visibleProductSql}`;
  }
  const like = (w: string) => Prisma.sql`p."searchText" LIKE ${likeContains(w)}`;
  const cond = "any" in want ? Prisma.join(want.any.map(like), " OR ") : Prisma.join(want.all.map(like), " AND ");
  return Prisma.sql`FROM "Product" p WHERE (${cond}) AND ${visibleProductSql}`;
}

const decimalText = (v: unknown) => new Prisma.Decimal(String(v)).toString();
const bool = (v: unknown) => v === true || v === 1 || v === 1n || v === "1" || v === "true";

/** The visible products that may meet the query's concepts, with their facet and tile inputs; unordered. */
export async function matchProducts(concepts: Concept[]): Promise<MatchRow[]> {
  if (concepts.length === 0) return [];
  const rows = await db.$queryRaw<RawRow[]>(Prisma.sql`
    SELECT p."id", p."itemCode", p."searchText", p."productType", p."brandId", p."categoryId", p."region", p."currency",
           p."deliveryType", p."faceValue", p."shopPrice", p."inStock", p."featured", p."brandName", p."productFamily", p."productName",
           p."familySlug", p."familyName", p."imageKey", p."isOffer", p."offerPercent", p."offerExpiresDate", p."countryCodes"
    ${matchSql(concepts)}`);
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
