-- DropIndex
DROP INDEX "OutboxEmail_status_idx";

-- AlterTable
ALTER TABLE "OutboxEmail" ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "claimToken" TEXT,
ADD COLUMN     "html" TEXT,
ADD COLUMN     "lastAttemptAt" TIMESTAMP(3),
ADD COLUMN     "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "secretEnc" TEXT;

-- CreateIndex
CREATE INDEX "OutboxEmail_status_nextAttemptAt_idx" ON "OutboxEmail"("status", "nextAttemptAt");

