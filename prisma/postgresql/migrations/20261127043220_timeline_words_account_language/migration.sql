-- AlterTable
ALTER TABLE "OrderEvent" ADD COLUMN     "messageArgs" TEXT,
ADD COLUMN     "messageKey" TEXT;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "locale" TEXT;

