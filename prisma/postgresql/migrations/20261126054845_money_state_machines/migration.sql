-- DropIndex
DROP INDEX "Payment_status_idx";

-- DropIndex
DROP INDEX "Refund_lineId_key";

-- AlterTable
ALTER TABLE "OrderLine" ADD COLUMN     "attentionAt" TIMESTAMP(3),
ADD COLUMN     "attentionReason" TEXT,
ADD COLUMN     "deliveredQuantity" INTEGER,
ADD COLUMN     "priceCheckedAt" TIMESTAMP(3),
ADD COLUMN     "unknownOutcomeAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Payment" ADD COLUMN     "checks" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "nextCheckAt" TIMESTAMP(3),
ALTER COLUMN "providerRef" DROP NOT NULL;

-- AlterTable
ALTER TABLE "Refund" ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "claimOwner" TEXT,
ADD COLUMN     "claimUntil" TIMESTAMP(3),
ADD COLUMN     "completedAt" TIMESTAMP(3),
ADD COLUMN     "dedupeKey" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "failureReason" TEXT,
ADD COLUMN     "kind" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "nextAttemptAt" TIMESTAMP(3),
ADD COLUMN     "requestedBy" TEXT;

-- Existing refunds: a row without a line refunded a held payment, and a line's row was automatic
-- unless staff refunded the line. A "failed" row meant "retry with the same key": now pending.
UPDATE "Refund" r SET "kind" = CASE
    WHEN r."lineId" IS NULL THEN 'held_payment'
    WHEN EXISTS (SELECT 1 FROM "OrderEvent" e WHERE e."lineId" = r."lineId" AND e."cause" = 'staff' AND e."toStatus" = 'refunded') THEN 'staff'
    ELSE 'failed_line' END,
  "status" = CASE WHEN r."status" = 'failed' THEN 'pending' ELSE r."status" END;
UPDATE "Refund" SET "dedupeKey" = CASE WHEN "lineId" IS NULL THEN 'payment:' || "paymentId" || ':held_payment:1' ELSE 'line:' || "lineId" || ':' || "kind" || ':1' END;
ALTER TABLE "Refund" ALTER COLUMN "dedupeKey" DROP DEFAULT, ALTER COLUMN "kind" DROP DEFAULT;

-- CreateTable
CREATE TABLE "TestProviderCharge" (
    "id" TEXT NOT NULL,
    "idempotencyKey" TEXT NOT NULL,
    "providerRef" TEXT NOT NULL,
    "amount" DECIMAL(65,30) NOT NULL,
    "currency" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "readyAt" TIMESTAMP(3),
    "method" TEXT NOT NULL,
    "failureReason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TestProviderCharge_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TestProviderRefund" (
    "id" TEXT NOT NULL,
    "idempotencyKey" TEXT NOT NULL,
    "providerRef" TEXT NOT NULL,
    "chargeRef" TEXT NOT NULL,
    "amount" DECIMAL(65,30) NOT NULL,
    "currency" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TestProviderRefund_pkey" PRIMARY KEY ("id")
);

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

-- CreateIndex
CREATE INDEX "Payment_status_nextCheckAt_idx" ON "Payment"("status", "nextCheckAt");

-- CreateIndex
CREATE UNIQUE INDEX "Refund_dedupeKey_key" ON "Refund"("dedupeKey");

-- CreateIndex
CREATE INDEX "Refund_lineId_idx" ON "Refund"("lineId");

-- CreateIndex
CREATE INDEX "Refund_status_nextAttemptAt_idx" ON "Refund"("status", "nextAttemptAt");

