-- AlterTable
ALTER TABLE "UpstreamSpend" ADD COLUMN "orderCreatedAt" DATETIME;

-- CreateIndex
CREATE INDEX "UpstreamSpend_status_idx" ON "UpstreamSpend"("status");

