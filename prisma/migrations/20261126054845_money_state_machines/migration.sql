-- AlterTable
ALTER TABLE "OrderLine" ADD COLUMN "attentionAt" DATETIME;
ALTER TABLE "OrderLine" ADD COLUMN "attentionReason" TEXT;
ALTER TABLE "OrderLine" ADD COLUMN "deliveredQuantity" INTEGER;
ALTER TABLE "OrderLine" ADD COLUMN "priceCheckedAt" DATETIME;
ALTER TABLE "OrderLine" ADD COLUMN "unknownOutcomeAt" DATETIME;

-- CreateTable
CREATE TABLE "TestProviderCharge" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "idempotencyKey" TEXT NOT NULL,
    "providerRef" TEXT NOT NULL,
    "amount" DECIMAL NOT NULL,
    "currency" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "readyAt" DATETIME,
    "method" TEXT NOT NULL,
    "failureReason" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "TestProviderRefund" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "idempotencyKey" TEXT NOT NULL,
    "providerRef" TEXT NOT NULL,
    "chargeRef" TEXT NOT NULL,
    "amount" DECIMAL NOT NULL,
    "currency" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Payment" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "orderId" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "providerRef" TEXT,
    "amount" DECIMAL NOT NULL,
    "currency" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "method" TEXT,
    "failureReason" TEXT,
    "confirmedAt" DATETIME,
    "nextCheckAt" DATETIME,
    "checks" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Payment_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Payment" ("amount", "confirmedAt", "createdAt", "currency", "failureReason", "id", "method", "orderId", "provider", "providerRef", "status", "updatedAt") SELECT "amount", "confirmedAt", "createdAt", "currency", "failureReason", "id", "method", "orderId", "provider", "providerRef", "status", "updatedAt" FROM "Payment";
DROP TABLE "Payment";
ALTER TABLE "new_Payment" RENAME TO "Payment";
CREATE UNIQUE INDEX "Payment_providerRef_key" ON "Payment"("providerRef");
CREATE INDEX "Payment_orderId_idx" ON "Payment"("orderId");
CREATE INDEX "Payment_status_nextCheckAt_idx" ON "Payment"("status", "nextCheckAt");
CREATE TABLE "new_Refund" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "orderId" TEXT NOT NULL,
    "paymentId" TEXT NOT NULL,
    "lineId" TEXT,
    "kind" TEXT NOT NULL,
    "dedupeKey" TEXT NOT NULL,
    "amount" DECIMAL NOT NULL,
    "currency" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "providerRef" TEXT,
    "reason" TEXT NOT NULL,
    "failureReason" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "claimOwner" TEXT,
    "claimUntil" DATETIME,
    "nextAttemptAt" DATETIME,
    "requestedBy" TEXT,
    "completedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Refund_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Refund_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "Payment" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Refund_lineId_fkey" FOREIGN KEY ("lineId") REFERENCES "OrderLine" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
-- Existing refunds: a row without a line refunded a held payment; a line's row was automatic
-- unless staff refunded the line. A "failed" row meant "retry with the same key": now pending.
INSERT INTO "new_Refund" ("amount", "createdAt", "currency", "id", "lineId", "orderId", "paymentId", "providerRef", "reason", "status", "updatedAt", "kind", "dedupeKey")
SELECT r."amount", r."createdAt", r."currency", r."id", r."lineId", r."orderId", r."paymentId", r."providerRef", r."reason",
  CASE WHEN r."status" = 'failed' THEN 'pending' ELSE r."status" END, r."updatedAt", k."kind",
  CASE WHEN r."lineId" IS NULL THEN 'payment:' || r."paymentId" || ':held_payment:1' ELSE 'line:' || r."lineId" || ':' || k."kind" || ':1' END
FROM "Refund" r JOIN (
  SELECT "id", CASE
    WHEN "lineId" IS NULL THEN 'held_payment'
    WHEN EXISTS (SELECT 1 FROM "OrderEvent" e WHERE e."lineId" = "Refund"."lineId" AND e."cause" = 'staff' AND e."toStatus" = 'refunded') THEN 'staff'
    ELSE 'failed_line' END AS "kind"
  FROM "Refund"
) k ON k."id" = r."id";
DROP TABLE "Refund";
ALTER TABLE "new_Refund" RENAME TO "Refund";
CREATE UNIQUE INDEX "Refund_dedupeKey_key" ON "Refund"("dedupeKey");
CREATE INDEX "Refund_orderId_idx" ON "Refund"("orderId");
CREATE INDEX "Refund_paymentId_idx" ON "Refund"("paymentId");
CREATE INDEX "Refund_lineId_idx" ON "Refund"("lineId");
CREATE INDEX "Refund_status_nextAttemptAt_idx" ON "Refund"("status", "nextAttemptAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "TestProviderCharge_idempotencyKey_key" ON "TestProviderCharge"("idempotencyKey");

-- CreateIndex
CREATE UNIQUE INDEX "TestProviderCharge_providerRef_key" ON "TestProviderCharge"("providerRef");

-- CreateIndex
CREATE UNIQUE INDEX "TestProviderRefund_idempotencyKey_key" ON "TestProviderRefund"("idempotencyKey");

-- CreateIndex
CREATE UNIQUE INDEX "TestProviderRefund_providerRef_key" ON "TestProviderRefund"("providerRef");

-- CreateIndex
CREATE INDEX "TestProviderRefund_chargeRef_idx" ON "TestProviderRefund"("chargeRef");

-- CreateIndex
CREATE INDEX "OrderLine_attentionAt_idx" ON "OrderLine"("attentionAt");

