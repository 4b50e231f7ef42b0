-- AlterTable
ALTER TABLE "Order" ADD COLUMN "market" TEXT;
ALTER TABLE "Order" ADD COLUMN "rate" DECIMAL;
ALTER TABLE "Order" ADD COLUMN "walletCurrency" TEXT;
ALTER TABLE "Order" ADD COLUMN "walletTotal" DECIMAL;

-- AlterTable
ALTER TABLE "OrderLine" ADD COLUMN "walletUnitPrice" DECIMAL;

-- AlterTable
ALTER TABLE "Refund" ADD COLUMN "walletAmount" DECIMAL;

