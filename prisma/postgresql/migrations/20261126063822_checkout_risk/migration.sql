-- AlterTable
ALTER TABLE "Payment" ADD COLUMN     "reviewReason" TEXT;

-- CreateTable
CREATE TABLE "CheckoutAttempt" (
    "id" TEXT NOT NULL,
    "ip" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "cardFingerprint" TEXT,
    "amount" DECIMAL(65,30) NOT NULL,
    "currency" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "reason" TEXT,
    "orderId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CheckoutAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CheckoutAttempt_ip_createdAt_idx" ON "CheckoutAttempt"("ip", "createdAt");

-- CreateIndex
CREATE INDEX "CheckoutAttempt_email_createdAt_idx" ON "CheckoutAttempt"("email", "createdAt");

-- CreateIndex
CREATE INDEX "CheckoutAttempt_cardFingerprint_createdAt_idx" ON "CheckoutAttempt"("cardFingerprint", "createdAt");

-- CreateIndex
CREATE INDEX "CheckoutAttempt_outcome_createdAt_idx" ON "CheckoutAttempt"("outcome", "createdAt");

