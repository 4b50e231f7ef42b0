-- AlterTable
ALTER TABLE "Payment" ADD COLUMN "reviewReason" TEXT;

-- CreateTable
CREATE TABLE "CheckoutAttempt" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "ip" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "cardFingerprint" TEXT,
    "amount" DECIMAL NOT NULL,
    "currency" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "reason" TEXT,
    "orderId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "CheckoutAttempt_ip_createdAt_idx" ON "CheckoutAttempt"("ip", "createdAt");

-- CreateIndex
CREATE INDEX "CheckoutAttempt_email_createdAt_idx" ON "CheckoutAttempt"("email", "createdAt");

-- CreateIndex
CREATE INDEX "CheckoutAttempt_cardFingerprint_createdAt_idx" ON "CheckoutAttempt"("cardFingerprint", "createdAt");

-- CreateIndex
CREATE INDEX "CheckoutAttempt_outcome_createdAt_idx" ON "CheckoutAttempt"("outcome", "createdAt");

