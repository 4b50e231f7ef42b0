-- CreateTable
CREATE TABLE "CatalogVersion" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "version" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CatalogVersion_pkey" PRIMARY KEY ("id")
);

-- The catalog version lived in a Setting row before it had its own table: drop the old row.
DELETE FROM "Setting" WHERE "key" = 'catalog.version';
