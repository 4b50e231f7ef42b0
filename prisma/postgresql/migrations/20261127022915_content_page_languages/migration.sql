-- AlterTable
ALTER TABLE "ContentPage" DROP CONSTRAINT "ContentPage_pkey",
ADD COLUMN     "locale" TEXT NOT NULL DEFAULT 'en',
ADD CONSTRAINT "ContentPage_pkey" PRIMARY KEY ("slug", "locale");

