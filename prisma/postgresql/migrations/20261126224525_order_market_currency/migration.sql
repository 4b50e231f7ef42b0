-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "market" TEXT,
ADD COLUMN     "rate" DECIMAL(65,30),
ADD COLUMN     "walletCurrency" TEXT,
ADD COLUMN     "walletTotal" DECIMAL(65,30);

-- AlterTable
ALTER TABLE "OrderLine" ADD COLUMN     "walletUnitPrice" DECIMAL(65,30);

-- AlterTable
ALTER TABLE "Refund" ADD COLUMN     "walletAmount" DECIMAL(65,30);

