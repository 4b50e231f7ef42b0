-- AlterTable
ALTER TABLE "OrderLine" ADD COLUMN     "supplierItemCode" TEXT;

-- CreateTable
CREATE TABLE "Offer" (
    "supplier" TEXT NOT NULL,
    "itemCode" TEXT NOT NULL,
    "productCode" TEXT NOT NULL,
    "unitCost" DECIMAL(65,30) NOT NULL,
    "currency" TEXT NOT NULL,
    "inStock" BOOLEAN NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Offer_pkey" PRIMARY KEY ("supplier","itemCode")
);

-- CreateTable
CREATE TABLE "PurchaseAttempt" (
    "id" TEXT NOT NULL,
    "lineId" TEXT NOT NULL,
    "supplier" TEXT NOT NULL,
    "itemCode" TEXT NOT NULL,
    "idempotencyKey" TEXT NOT NULL,
    "outcome" TEXT NOT NULL DEFAULT 'live',
    "reason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PurchaseAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Offer_productCode_idx" ON "Offer"("productCode");

-- CreateIndex
CREATE UNIQUE INDEX "PurchaseAttempt_idempotencyKey_key" ON "PurchaseAttempt"("idempotencyKey");

-- CreateIndex
CREATE UNIQUE INDEX "PurchaseAttempt_lineId_supplier_key" ON "PurchaseAttempt"("lineId", "supplier");

