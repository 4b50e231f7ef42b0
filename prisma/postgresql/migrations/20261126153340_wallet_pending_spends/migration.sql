-- AlterTable
ALTER TABLE "UpstreamSpend" ADD COLUMN     "orderCreatedAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "UpstreamSpend_status_idx" ON "UpstreamSpend"("status");

