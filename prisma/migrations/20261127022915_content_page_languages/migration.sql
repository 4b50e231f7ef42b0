-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_ContentPage" (
    "slug" TEXT NOT NULL,
    "locale" TEXT NOT NULL DEFAULT 'en',
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "updatedById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("slug", "locale")
);
INSERT INTO "new_ContentPage" ("body", "createdAt", "slug", "title", "updatedAt", "updatedById") SELECT "body", "createdAt", "slug", "title", "updatedAt", "updatedById" FROM "ContentPage";
DROP TABLE "ContentPage";
ALTER TABLE "new_ContentPage" RENAME TO "ContentPage";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

