-- AlterTable
ALTER TABLE "Order" ADD COLUMN "reference" TEXT;

-- CreateTable
CREATE TABLE "ContentPage" (
    "slug" TEXT NOT NULL PRIMARY KEY,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "updatedById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "SavedTopupAccount" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "familySlug" TEXT NOT NULL,
    "fieldsEnc" TEXT NOT NULL,
    "fieldsDigest" TEXT NOT NULL,
    "displayName" TEXT,
    "lastUsedAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "SavedTopupAccount_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Product" (
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
    "familySlug" TEXT NOT NULL DEFAULT '',
    "familyName" TEXT NOT NULL DEFAULT '',
    "imageKey" TEXT NOT NULL DEFAULT '',
    "countryCodes" TEXT NOT NULL DEFAULT '',
    CONSTRAINT "Product_brandId_fkey" FOREIGN KEY ("brandId") REFERENCES "Brand" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Product_categoryId_fkey" FOREIGN KEY ("categoryId") REFERENCES "Category" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
INSERT INTO "new_Product" ("brandId", "brandName", "categoryId", "categoryName", "chargedPrice", "codeFormat", "createdAt", "currency", "deliveryType", "denominationType", "denominationUnit", "description", "faceValue", "featured", "hidden", "id", "imageUrl", "inStock", "isOffer", "itemCode", "listed", "maxQuantity", "minQuantity", "offerExpiresDate", "offerPercent", "price", "productFamily", "productName", "productType", "redemptionInstructions", "redemptionUrl", "region", "removedAt", "requiredFields", "searchText", "shopPrice", "terms", "updatedAt", "upstreamCreatedAt", "upstreamUpdatedAt", "valueUnit") SELECT "brandId", "brandName", "categoryId", "categoryName", "chargedPrice", "codeFormat", "createdAt", "currency", "deliveryType", "denominationType", "denominationUnit", "description", "faceValue", "featured", "hidden", "id", "imageUrl", "inStock", "isOffer", "itemCode", "listed", "maxQuantity", "minQuantity", "offerExpiresDate", "offerPercent", "price", "productFamily", "productName", "productType", "redemptionInstructions", "redemptionUrl", "region", "removedAt", "requiredFields", "searchText", "shopPrice", "terms", "updatedAt", "upstreamCreatedAt", "upstreamUpdatedAt", "valueUnit" FROM "Product";
DROP TABLE "Product";
ALTER TABLE "new_Product" RENAME TO "Product";
CREATE UNIQUE INDEX "Product_itemCode_key" ON "Product"("itemCode");
CREATE INDEX "Product_brandId_idx" ON "Product"("brandId");
CREATE INDEX "Product_categoryId_idx" ON "Product"("categoryId");
CREATE INDEX "Product_productType_listed_hidden_idx" ON "Product"("productType", "listed", "hidden");
CREATE INDEX "Product_productFamily_idx" ON "Product"("productFamily");
CREATE INDEX "Product_familySlug_idx" ON "Product"("familySlug");
CREATE INDEX "Product_imageKey_idx" ON "Product"("imageKey");
CREATE INDEX "Product_region_idx" ON "Product"("region");
CREATE INDEX "Product_currency_idx" ON "Product"("currency");
CREATE INDEX "Product_shopPrice_idx" ON "Product"("shopPrice");
CREATE INDEX "Product_faceValue_idx" ON "Product"("faceValue");
CREATE INDEX "Product_upstreamUpdatedAt_idx" ON "Product"("upstreamUpdatedAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "SavedTopupAccount_userId_familySlug_lastUsedAt_idx" ON "SavedTopupAccount"("userId", "familySlug", "lastUsedAt");

-- CreateIndex
CREATE UNIQUE INDEX "SavedTopupAccount_userId_familySlug_fieldsDigest_key" ON "SavedTopupAccount"("userId", "familySlug", "fieldsDigest");

-- CreateIndex
CREATE UNIQUE INDEX "Order_reference_key" ON "Order"("reference");

