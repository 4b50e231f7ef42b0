// Proof that the search index agrees with the product table. On SQLite the index is a table of
// its own (ProductSearch, one row per Product row, kept in step by triggers), so it can drift
// only if those triggers were dropped or rowids renumbered (a VACUUM may do that to tables
// without an integer key): this finds such rows and rebuilds the index. On PostgreSQL the index
// is a GIN index on Product.searchText, maintained by the database itself.
import "server-only";
import { db, dbProvider, Prisma } from "@/lib/db";

export type SearchIndexDrift = { missing: string[]; stale: string[]; orphans: number };

/** Products whose index entry is missing or holds other text, and index rows with no product. */
export async function findSearchIndexDrift(): Promise<SearchIndexDrift> {
  if (dbProvider !== "sqlite") return { missing: [], stale: [], orphans: 0 };
  const rows = await db.$queryRaw<{ itemCode: string; indexed: string | null }[]>(Prisma.sql`
    SELECT p."itemCode", s."searchText" AS "indexed" FROM "Product" p LEFT JOIN "ProductSearch" s ON s."rowid" = p."rowid"
    WHERE s."searchText" IS NULL OR s."searchText" <> p."searchText"`);
  const [{ n }] = await db.$queryRaw<{ n: unknown }[]>(Prisma.sql`
    SELECT COUNT(*) AS "n" FROM "ProductSearch" s WHERE NOT EXISTS (SELECT 1 FROM "Product" p WHERE p."rowid" = s."rowid")`);
  return {
    missing: rows.filter((r) => r.indexed === null).map((r) => r.itemCode),
    stale: rows.filter((r) => r.indexed !== null).map((r) => r.itemCode),
    orphans: Number(n),
  };
}

/** Rebuilds the SQLite index from Product in one transaction (a no-op on PostgreSQL). */
export async function rebuildSearchIndex(): Promise<void> {
  if (dbProvider !== "sqlite") return;
  await db.$transaction([
    db.$executeRaw`DELETE FROM "ProductSearch"`,
    db.$executeRaw`INSERT INTO "ProductSearch" ("rowid", "searchText") SELECT "rowid", "searchText" FROM "Product"`,
  ]);
}

/** Checks the index and rebuilds it when it drifted; returns whether it had to. Run at start-up. */
export async function ensureSearchIndex(): Promise<boolean> {
  const drift = await findSearchIndexDrift();
  if (drift.missing.length === 0 && drift.stale.length === 0 && drift.orphans === 0) return false;
  await rebuildSearchIndex();
  return true;
}
