-- CreateTable
CREATE TABLE "ReferenceRate" (
    "id" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "rate" DECIMAL(65,30) NOT NULL,
    "baseCurrency" TEXT NOT NULL,
    "feedDate" TIMESTAMP(3) NOT NULL,
    "fetchedAt" TIMESTAMP(3) NOT NULL,
    "checkedAt" TIMESTAMP(3) NOT NULL,
    "sourceUrl" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "previousRate" DECIMAL(65,30),
    "movePercent" DECIMAL(65,30),
    "decidedById" TEXT,
    "decidedByEmail" TEXT,
    "decidedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ReferenceRate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RateFetch" (
    "id" TEXT NOT NULL,
    "sourceUrl" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "feedDate" TIMESTAMP(3),
    "applied" INTEGER NOT NULL DEFAULT 0,
    "held" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "RateFetch_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ReferenceRate_currency_status_idx" ON "ReferenceRate"("currency", "status");

-- CreateIndex
CREATE INDEX "ReferenceRate_status_idx" ON "ReferenceRate"("status");

-- CreateIndex
CREATE INDEX "ReferenceRate_feedDate_idx" ON "ReferenceRate"("feedDate");

-- CreateIndex
CREATE INDEX "RateFetch_startedAt_idx" ON "RateFetch"("startedAt");

-- CreateIndex
CREATE INDEX "RateFetch_status_idx" ON "RateFetch"("status");

