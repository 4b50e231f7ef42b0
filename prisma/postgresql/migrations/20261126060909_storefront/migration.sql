-- AlterTable
ALTER TABLE "Product" ADD COLUMN     "countryCodes" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "familyName" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "familySlug" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "imageKey" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "reference" TEXT;

-- CreateTable
CREATE TABLE "ContentPage" (
    "slug" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "updatedById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ContentPage_pkey" PRIMARY KEY ("slug")
);

-- CreateTable
CREATE TABLE "SavedTopupAccount" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "familySlug" TEXT NOT NULL,
    "fieldsEnc" TEXT NOT NULL,
    "fieldsDigest" TEXT NOT NULL,
    "displayName" TEXT,
    "lastUsedAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SavedTopupAccount_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SavedTopupAccount_userId_familySlug_lastUsedAt_idx" ON "SavedTopupAccount"("userId", "familySlug", "lastUsedAt");

-- CreateIndex
CREATE UNIQUE INDEX "SavedTopupAccount_userId_familySlug_fieldsDigest_key" ON "SavedTopupAccount"("userId", "familySlug", "fieldsDigest");

-- CreateIndex
CREATE INDEX "Product_familySlug_idx" ON "Product"("familySlug");

-- CreateIndex
CREATE INDEX "Product_imageKey_idx" ON "Product"("imageKey");

-- CreateIndex
CREATE UNIQUE INDEX "Order_reference_key" ON "Order"("reference");

-- AddForeignKey
ALTER TABLE "SavedTopupAccount" ADD CONSTRAINT "SavedTopupAccount_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

