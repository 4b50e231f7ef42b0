-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_OrderLine" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "orderId" TEXT NOT NULL,
    "itemCode" TEXT NOT NULL,
    "productName" TEXT NOT NULL,
    "productType" TEXT NOT NULL,
    "brand" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "unitCost" DECIMAL NOT NULL,
    "unitPrice" DECIMAL NOT NULL,
    "lineTotal" DECIMAL NOT NULL,
    "unitDiscount" DECIMAL NOT NULL DEFAULT 0,
    "currency" TEXT NOT NULL,
    "walletUnitPrice" DECIMAL,
    "redemptionUrl" TEXT,
    "redemptionInstructions" TEXT,
    "status" TEXT NOT NULL DEFAULT 'awaiting_payment',
    "idempotencyKey" TEXT,
    "attempt" INTEGER NOT NULL DEFAULT 0,
    "supplier" TEXT NOT NULL DEFAULT 'main',
    "upstreamOrderId" INTEGER,
    "upstreamOrderNo" TEXT,
    "upstreamAmount" DECIMAL,
    "fieldsEnc" TEXT,
    "codesEnc" TEXT,
    "isTopup" BOOLEAN NOT NULL DEFAULT false,
    "displayName" TEXT,
    "failureReason" TEXT,
    "nextCheckAt" DATETIME,
    "checks" INTEGER NOT NULL DEFAULT 0,
    "firstAttemptAt" DATETIME,
    "leaseOwner" TEXT,
    "leaseUntil" DATETIME,
    "deliveredAt" DATETIME,
    "deliveredQuantity" INTEGER,
    "attentionReason" TEXT,
    "attentionAt" DATETIME,
    "unknownOutcomeAt" DATETIME,
    "priceCheckedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "OrderLine_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_OrderLine" ("attempt", "attentionAt", "attentionReason", "brand", "checks", "codesEnc", "createdAt", "currency", "deliveredAt", "deliveredQuantity", "displayName", "failureReason", "fieldsEnc", "firstAttemptAt", "id", "idempotencyKey", "isTopup", "itemCode", "leaseOwner", "leaseUntil", "lineTotal", "nextCheckAt", "orderId", "priceCheckedAt", "productName", "productType", "quantity", "redemptionInstructions", "redemptionUrl", "status", "unitCost", "unitDiscount", "unitPrice", "unknownOutcomeAt", "updatedAt", "upstreamAmount", "upstreamOrderId", "upstreamOrderNo", "walletUnitPrice") SELECT "attempt", "attentionAt", "attentionReason", "brand", "checks", "codesEnc", "createdAt", "currency", "deliveredAt", "deliveredQuantity", "displayName", "failureReason", "fieldsEnc", "firstAttemptAt", "id", "idempotencyKey", "isTopup", "itemCode", "leaseOwner", "leaseUntil", "lineTotal", "nextCheckAt", "orderId", "priceCheckedAt", "productName", "productType", "quantity", "redemptionInstructions", "redemptionUrl", "status", "unitCost", "unitDiscount", "unitPrice", "unknownOutcomeAt", "updatedAt", "upstreamAmount", "upstreamOrderId", "upstreamOrderNo", "walletUnitPrice" FROM "OrderLine";
DROP TABLE "OrderLine";
ALTER TABLE "new_OrderLine" RENAME TO "OrderLine";
CREATE UNIQUE INDEX "OrderLine_idempotencyKey_key" ON "OrderLine"("idempotencyKey");
CREATE INDEX "OrderLine_orderId_idx" ON "OrderLine"("orderId");
CREATE INDEX "OrderLine_status_nextCheckAt_idx" ON "OrderLine"("status", "nextCheckAt");
CREATE INDEX "OrderLine_itemCode_idx" ON "OrderLine"("itemCode");
CREATE INDEX "OrderLine_attentionAt_idx" ON "OrderLine"("attentionAt");
CREATE INDEX "OrderLine_upstreamOrderNo_idx" ON "OrderLine"("upstreamOrderNo");
CREATE UNIQUE INDEX "OrderLine_supplier_upstreamOrderId_key" ON "OrderLine"("supplier", "upstreamOrderId");
CREATE TABLE "new_UpstreamSpend" (
    "supplier" TEXT NOT NULL DEFAULT 'main',
    "upstreamOrderId" INTEGER NOT NULL,
    "amount" DECIMAL NOT NULL,
    "status" TEXT NOT NULL,
    "countedAt" DATETIME,
    "restoredAt" DATETIME,
    "orderCreatedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("supplier", "upstreamOrderId")
);
INSERT INTO "new_UpstreamSpend" ("amount", "countedAt", "createdAt", "orderCreatedAt", "restoredAt", "status", "upstreamOrderId") SELECT "amount", "countedAt", "createdAt", "orderCreatedAt", "restoredAt", "status", "upstreamOrderId" FROM "UpstreamSpend";
DROP TABLE "UpstreamSpend";
ALTER TABLE "new_UpstreamSpend" RENAME TO "UpstreamSpend";
CREATE INDEX "UpstreamSpend_createdAt_idx" ON "UpstreamSpend"("createdAt");
CREATE INDEX "UpstreamSpend_status_idx" ON "UpstreamSpend"("status");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

