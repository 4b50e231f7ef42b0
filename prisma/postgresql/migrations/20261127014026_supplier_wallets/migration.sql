-- DropIndex
DROP INDEX "OrderLine_upstreamOrderId_key";

-- AlterTable
ALTER TABLE "OrderLine" ADD COLUMN     "supplier" TEXT NOT NULL DEFAULT 'main';

-- AlterTable
ALTER TABLE "UpstreamSpend" DROP CONSTRAINT "UpstreamSpend_pkey",
ADD COLUMN     "supplier" TEXT NOT NULL DEFAULT 'main',
ADD CONSTRAINT "UpstreamSpend_pkey" PRIMARY KEY ("supplier", "upstreamOrderId");

-- CreateIndex
CREATE UNIQUE INDEX "OrderLine_supplier_upstreamOrderId_key" ON "OrderLine"("supplier", "upstreamOrderId");

