-- CreateTable
CREATE TABLE "CatalogVersion" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT DEFAULT 1,
    "version" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" DATETIME NOT NULL
);

-- The catalog version lived in a Setting row before it had its own table: drop the old row.
DELETE FROM "Setting" WHERE "key" = 'catalog.version';


-- SQLite only (scripts/db/sqlite-only.mjs): catalog search index, kept in step by triggers.
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
