-- CreateTable
CREATE TABLE "Market" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "countries" TEXT NOT NULL DEFAULT '[]',
    "currency" TEXT NOT NULL,
    "defaultLanguage" TEXT NOT NULL DEFAULT 'en',
    "otherLanguages" TEXT NOT NULL DEFAULT '[]',
    "rateSource" TEXT NOT NULL DEFAULT 'manual',
    "manualRate" DECIMAL(65,30) NOT NULL DEFAULT 1,
    "manualRateSetAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "rateMaxAgeHours" INTEGER NOT NULL DEFAULT 48,
    "fxBufferPercent" DECIMAL(65,30) NOT NULL DEFAULT 0,
    "priceAdjustmentPercent" DECIMAL(65,30),
    "roundingKind" TEXT NOT NULL DEFAULT 'none',
    "roundingValue" DECIMAL(65,30),
    "productRegions" TEXT,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "position" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Market_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Market_slug_key" ON "Market"("slug");

-- CreateIndex
CREATE INDEX "Market_enabled_position_idx" ON "Market"("enabled", "position");

