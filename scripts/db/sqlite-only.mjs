// Objects only SQLite has, which Prisma's schema language cannot declare: the catalog search
// index (lib/catalog/search). The SQLite migrations carry this script; `npm run db:migration`
// appends it to a new SQLite migration whenever, after that migration, the database would not
// hold exactly these objects (a first migration, a change of this script, or a migration that
// rebuilds "Product" and so drops its triggers). The schema-drift test applies it to a database
// made straight from the schema and expects the migrated database to be identical.
// PostgreSQL's counterpart is a trigram GIN index, declared in scripts/db/postgres-schema.mjs.
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Names of the objects the script creates (the drift check compares their definitions). */
export const sqliteOnlyObjects = [
  "ProductSearch",
  "Product_search_insert",
  "Product_search_update",
  "Product_search_delete",
];

/**
 * Idempotent: drops and rebuilds the index from Product, so it may run after any migration.
 * ProductSearch holds one row per Product row (rowid = Product's rowid) with its searchText,
 * tokenised into trigrams, so `LIKE '%steam%'` and GLOB are answered from the index. The
 * triggers keep it in step inside the same transaction as every write to Product.
 */
export const sqliteOnlySql = `-- SQLite only (scripts/db/sqlite-only.mjs): catalog search index, kept in step by triggers.
DROP TRIGGER IF EXISTS "Product_search_insert";
DROP TRIGGER IF EXISTS "Product_search_update";
DROP TRIGGER IF EXISTS "Product_search_delete";
DROP TABLE IF EXISTS "ProductSearch";
CREATE VIRTUAL TABLE "ProductSearch" USING fts5("searchText", tokenize = 'trigram');
INSERT INTO "ProductSearch" ("rowid", "searchText") SELECT "rowid", "searchText" FROM "Product";
CREATE TRIGGER "Product_search_insert" AFTER INSERT ON "Product" BEGIN
  INSERT INTO "ProductSearch" ("rowid", "searchText") VALUES (new."rowid", new."searchText");
END;
CREATE TRIGGER "Product_search_update" AFTER UPDATE OF "searchText" ON "Product" WHEN old."searchText" IS NOT new."searchText" BEGIN
  DELETE FROM "ProductSearch" WHERE "rowid" = old."rowid";
  INSERT INTO "ProductSearch" ("rowid", "searchText") VALUES (new."rowid", new."searchText");
END;
CREATE TRIGGER "Product_search_delete" AFTER DELETE ON "Product" BEGIN
  DELETE FROM "ProductSearch" WHERE "rowid" = old."rowid";
END;
`;

/** The definitions of the SQLite-only objects in an open better-sqlite3 database, for comparison. */
export function describeSqliteOnly(sqlite) {
  const marks = sqliteOnlyObjects.map(() => "?").join(", ");
  return sqlite
    .prepare(`SELECT type, name, sql FROM sqlite_master WHERE name IN (${marks}) ORDER BY name`)
    .all(...sqliteOnlyObjects);
}

export const sqliteOnlyPath = fileURLToPath(import.meta.url);
export const repoRoot = path.resolve(path.dirname(sqliteOnlyPath), "../..");
