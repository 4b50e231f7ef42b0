-- AlterTable
ALTER TABLE "UpstreamCall" ADD COLUMN "supplier" TEXT NOT NULL DEFAULT 'main';

-- CreateIndex
CREATE INDEX "UpstreamCall_supplier_createdAt_idx" ON "UpstreamCall"("supplier", "createdAt");
