-- CreateTable
CREATE TABLE "PromoCode" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "code" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "kind" TEXT NOT NULL,
    "value" DECIMAL NOT NULL,
    "currency" TEXT NOT NULL,
    "scope" TEXT NOT NULL DEFAULT 'all',
    "scopeKeys" TEXT NOT NULL DEFAULT '[]',
    "startsAt" DATETIME,
    "endsAt" DATETIME,
    "maxUses" INTEGER,
    "maxUsesPerShopper" INTEGER,
    "usedCount" INTEGER NOT NULL DEFAULT 0,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "PromoRedemption" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "promoCodeId" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "shopperEmail" TEXT NOT NULL,
    "userId" TEXT,
    "discount" DECIMAL NOT NULL,
    "currency" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'active',
    "releasedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PromoRedemption_promoCodeId_fkey" FOREIGN KEY ("promoCodeId") REFERENCES "PromoCode" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "PromoRedemption_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Order" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "token" TEXT NOT NULL,
    "userId" TEXT,
    "email" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'awaiting_payment',
    "currency" TEXT NOT NULL,
    "total" DECIMAL NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "reference" TEXT,
    "promoCode" TEXT,
    "discountTotal" DECIMAL NOT NULL DEFAULT 0,
    CONSTRAINT "Order_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Order" ("createdAt", "currency", "email", "id", "reference", "status", "token", "total", "updatedAt", "userId") SELECT "createdAt", "currency", "email", "id", "reference", "status", "token", "total", "updatedAt", "userId" FROM "Order";
DROP TABLE "Order";
ALTER TABLE "new_Order" RENAME TO "Order";
CREATE UNIQUE INDEX "Order_token_key" ON "Order"("token");
CREATE UNIQUE INDEX "Order_reference_key" ON "Order"("reference");
CREATE INDEX "Order_userId_idx" ON "Order"("userId");
CREATE INDEX "Order_email_idx" ON "Order"("email");
CREATE INDEX "Order_status_idx" ON "Order"("status");
CREATE INDEX "Order_createdAt_idx" ON "Order"("createdAt");
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
    "redemptionUrl" TEXT,
    "redemptionInstructions" TEXT,
    "status" TEXT NOT NULL DEFAULT 'awaiting_payment',
    "idempotencyKey" TEXT,
    "attempt" INTEGER NOT NULL DEFAULT 0,
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
INSERT INTO "new_OrderLine" ("attempt", "attentionAt", "attentionReason", "brand", "checks", "codesEnc", "createdAt", "currency", "deliveredAt", "deliveredQuantity", "displayName", "failureReason", "fieldsEnc", "firstAttemptAt", "id", "idempotencyKey", "isTopup", "itemCode", "leaseOwner", "leaseUntil", "lineTotal", "nextCheckAt", "orderId", "priceCheckedAt", "productName", "productType", "quantity", "redemptionInstructions", "redemptionUrl", "status", "unitCost", "unitPrice", "unknownOutcomeAt", "updatedAt", "upstreamAmount", "upstreamOrderId", "upstreamOrderNo") SELECT "attempt", "attentionAt", "attentionReason", "brand", "checks", "codesEnc", "createdAt", "currency", "deliveredAt", "deliveredQuantity", "displayName", "failureReason", "fieldsEnc", "firstAttemptAt", "id", "idempotencyKey", "isTopup", "itemCode", "leaseOwner", "leaseUntil", "lineTotal", "nextCheckAt", "orderId", "priceCheckedAt", "productName", "productType", "quantity", "redemptionInstructions", "redemptionUrl", "status", "unitCost", "unitPrice", "unknownOutcomeAt", "updatedAt", "upstreamAmount", "upstreamOrderId", "upstreamOrderNo" FROM "OrderLine";
DROP TABLE "OrderLine";
ALTER TABLE "new_OrderLine" RENAME TO "OrderLine";
CREATE UNIQUE INDEX "OrderLine_idempotencyKey_key" ON "OrderLine"("idempotencyKey");
CREATE UNIQUE INDEX "OrderLine_upstreamOrderId_key" ON "OrderLine"("upstreamOrderId");
CREATE INDEX "OrderLine_orderId_idx" ON "OrderLine"("orderId");
CREATE INDEX "OrderLine_status_nextCheckAt_idx" ON "OrderLine"("status", "nextCheckAt");
CREATE INDEX "OrderLine_itemCode_idx" ON "OrderLine"("itemCode");
CREATE INDEX "OrderLine_attentionAt_idx" ON "OrderLine"("attentionAt");
CREATE INDEX "OrderLine_upstreamOrderNo_idx" ON "OrderLine"("upstreamOrderNo");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "PromoCode_code_key" ON "PromoCode"("code");

-- CreateIndex
CREATE INDEX "PromoCode_active_idx" ON "PromoCode"("active");

-- CreateIndex
CREATE INDEX "PromoCode_createdAt_idx" ON "PromoCode"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "PromoRedemption_orderId_key" ON "PromoRedemption"("orderId");

-- CreateIndex
CREATE INDEX "PromoRedemption_promoCodeId_status_idx" ON "PromoRedemption"("promoCodeId", "status");

-- CreateIndex
CREATE INDEX "PromoRedemption_promoCodeId_shopperEmail_idx" ON "PromoRedemption"("promoCodeId", "shopperEmail");

-- CreateIndex
CREATE INDEX "PromoRedemption_promoCodeId_userId_idx" ON "PromoRedemption"("promoCodeId", "userId");

