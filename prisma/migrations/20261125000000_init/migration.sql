-- CreateTable
CREATE TABLE "UpstreamBudget" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "keyHash" TEXT NOT NULL,
    "limit" INTEGER NOT NULL,
    "windowStart" DATETIME NOT NULL,
    "used" INTEGER NOT NULL DEFAULT 0,
    "blockedUntil" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Brand" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "featured" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Category" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Product" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "itemCode" TEXT NOT NULL,
    "brandName" TEXT NOT NULL,
    "brandId" TEXT NOT NULL,
    "productName" TEXT NOT NULL,
    "faceValue" DECIMAL NOT NULL,
    "price" DECIMAL NOT NULL,
    "chargedPrice" DECIMAL NOT NULL,
    "currency" TEXT NOT NULL,
    "valueUnit" TEXT,
    "denominationUnit" TEXT NOT NULL,
    "categoryName" TEXT NOT NULL,
    "categoryId" TEXT NOT NULL,
    "productType" TEXT NOT NULL,
    "productFamily" TEXT,
    "denominationType" TEXT NOT NULL,
    "redemptionInstructions" TEXT NOT NULL,
    "redemptionUrl" TEXT,
    "codeFormat" TEXT NOT NULL,
    "requiredFields" TEXT NOT NULL DEFAULT '[]',
    "region" TEXT NOT NULL,
    "deliveryType" TEXT NOT NULL,
    "imageUrl" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "terms" TEXT,
    "isOffer" BOOLEAN NOT NULL DEFAULT false,
    "offerPercent" DECIMAL,
    "offerExpiresDate" TEXT,
    "minQuantity" INTEGER NOT NULL DEFAULT 1,
    "maxQuantity" INTEGER NOT NULL DEFAULT 100,
    "inStock" BOOLEAN NOT NULL DEFAULT true,
    "upstreamCreatedAt" DATETIME NOT NULL,
    "upstreamUpdatedAt" DATETIME NOT NULL,
    "searchText" TEXT NOT NULL,
    "shopPrice" DECIMAL NOT NULL,
    "listed" BOOLEAN NOT NULL DEFAULT true,
    "removedAt" DATETIME,
    "hidden" BOOLEAN NOT NULL DEFAULT false,
    "featured" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Product_brandId_fkey" FOREIGN KEY ("brandId") REFERENCES "Brand" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Product_categoryId_fkey" FOREIGN KEY ("categoryId") REFERENCES "Category" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ProductCountry" (
    "productId" TEXT NOT NULL,
    "countryCode" TEXT NOT NULL,

    PRIMARY KEY ("productId", "countryCode"),
    CONSTRAINT "ProductCountry_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SyncRun" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "trigger" TEXT NOT NULL DEFAULT 'schedule',
    "cursorFrom" TEXT,
    "cursorTo" TEXT,
    "pages" INTEGER NOT NULL DEFAULT 0,
    "lastPage" INTEGER,
    "upstreamCalls" INTEGER NOT NULL DEFAULT 0,
    "added" INTEGER NOT NULL DEFAULT 0,
    "updated" INTEGER NOT NULL DEFAULT 0,
    "removed" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "startedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" DATETIME
);

-- CreateTable
CREATE TABLE "SyncStagedItem" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "syncRunId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "itemCode" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "PricingRule" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "scope" TEXT NOT NULL,
    "key" TEXT NOT NULL DEFAULT '',
    "markupPercent" DECIMAL NOT NULL,
    "fixedFee" DECIMAL NOT NULL DEFAULT 0,
    "rounding" TEXT NOT NULL DEFAULT 'none',
    "minMarginPercent" DECIMAL NOT NULL DEFAULT 0,
    "minMarginAmount" DECIMAL NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Lease" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "owner" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Setting" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "value" TEXT NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "UpstreamBudget_keyHash_key" ON "UpstreamBudget"("keyHash");

-- CreateIndex
CREATE UNIQUE INDEX "Brand_name_key" ON "Brand"("name");

-- CreateIndex
CREATE UNIQUE INDEX "Brand_slug_key" ON "Brand"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "Category_name_key" ON "Category"("name");

-- CreateIndex
CREATE UNIQUE INDEX "Category_slug_key" ON "Category"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "Product_itemCode_key" ON "Product"("itemCode");

-- CreateIndex
CREATE INDEX "Product_brandId_idx" ON "Product"("brandId");

-- CreateIndex
CREATE INDEX "Product_categoryId_idx" ON "Product"("categoryId");

-- CreateIndex
CREATE INDEX "Product_productType_listed_hidden_idx" ON "Product"("productType", "listed", "hidden");

-- CreateIndex
CREATE INDEX "Product_productFamily_idx" ON "Product"("productFamily");

-- CreateIndex
CREATE INDEX "Product_region_idx" ON "Product"("region");

-- CreateIndex
CREATE INDEX "Product_currency_idx" ON "Product"("currency");

-- CreateIndex
CREATE INDEX "Product_shopPrice_idx" ON "Product"("shopPrice");

-- CreateIndex
CREATE INDEX "Product_faceValue_idx" ON "Product"("faceValue");

-- CreateIndex
CREATE INDEX "Product_upstreamUpdatedAt_idx" ON "Product"("upstreamUpdatedAt");

-- CreateIndex
CREATE INDEX "ProductCountry_countryCode_idx" ON "ProductCountry"("countryCode");

-- CreateIndex
CREATE INDEX "SyncRun_status_idx" ON "SyncRun"("status");

-- CreateIndex
CREATE INDEX "SyncRun_startedAt_idx" ON "SyncRun"("startedAt");

-- CreateIndex
CREATE INDEX "SyncStagedItem_syncRunId_idx" ON "SyncStagedItem"("syncRunId");

-- CreateIndex
CREATE UNIQUE INDEX "SyncStagedItem_syncRunId_kind_itemCode_key" ON "SyncStagedItem"("syncRunId", "kind", "itemCode");

-- CreateIndex
CREATE UNIQUE INDEX "PricingRule_scope_key_key" ON "PricingRule"("scope", "key");

