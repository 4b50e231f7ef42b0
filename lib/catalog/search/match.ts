// Finds the visible products whose search text contains every word, through each database's
// index: on SQLite the FTS5 trigram table ProductSearch (GLOB is case-sensitive, and the text is
// stored lowercased), on PostgreSQL the trigram GIN index on Product.searchText (LIKE). Words of
// one or two characters cannot use a trigram index; they are still matched, by a scan.
import "server-only";
import { db, dbProvider, Prisma } from "@/lib/db";
import { visibleProductSql } from "../catalog-where";

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
  countries: string[];
};

type RawRow = Omit<MatchRow, "faceValue" | "shopPrice" | "inStock" | "featured" | "countries"> & {
  faceValue: unknown;
  shopPrice: unknown;
  inStock: unknown;
  featured: unknown;
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

/** Every visible product containing all `words` (lowercase), with its facet inputs; unordered. */
export async function matchProducts(words: string[]): Promise<MatchRow[]> {
  if (words.length === 0) return [];
  const from = matchSql(words);
  const rows = await db.$queryRaw<RawRow[]>(Prisma.sql`
    SELECT p."id", p."itemCode", p."searchText", p."productType", p."brandId", p."categoryId", p."region", p."currency",
           p."deliveryType", p."faceValue", p."shopPrice", p."inStock", p."featured", p."brandName", p."productFamily", p."productName"
    ${from}`);
  if (rows.length === 0) return [];
  const countryRows = await db.$queryRaw<{ productId: string; countryCode: string }[]>(Prisma.sql`
    SELECT c."productId", c."countryCode" FROM "ProductCountry" c WHERE c."productId" IN (SELECT p."id" ${from})`);
  const countries = new Map<string, string[]>();
  for (const c of countryRows) {
    const list = countries.get(c.productId);
    if (list) list.push(c.countryCode);
    else countries.set(c.productId, [c.countryCode]);
  }
  return rows.map((r) => ({
    ...r,
    faceValue: decimalText(r.faceValue),
    shopPrice: decimalText(r.shopPrice),
    inStock: bool(r.inStock),
    featured: bool(r.featured),
    countries: countries.get(r.id) ?? [],
  }));
}
