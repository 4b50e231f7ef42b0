-- CreateTable
CREATE TABLE "CatalogScope" (
    "key" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,
    "pending" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "CatalogScope_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "CatalogScope_version_idx" ON "CatalogScope"("version");

-- CreateIndex
CREATE INDEX "CatalogScope_pending_idx" ON "CatalogScope"("pending");

