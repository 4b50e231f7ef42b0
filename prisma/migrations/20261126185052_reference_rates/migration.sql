-- CreateTable
CREATE TABLE "ReferenceRate" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "currency" TEXT NOT NULL,
    "rate" DECIMAL NOT NULL,
    "baseCurrency" TEXT NOT NULL,
    "feedDate" DATETIME NOT NULL,
    "fetchedAt" DATETIME NOT NULL,
    "checkedAt" DATETIME NOT NULL,
    "sourceUrl" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "previousRate" DECIMAL,
    "movePercent" DECIMAL,
    "decidedById" TEXT,
    "decidedByEmail" TEXT,
    "decidedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "RateFetch" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "sourceUrl" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "feedDate" DATETIME,
    "applied" INTEGER NOT NULL DEFAULT 0,
    "held" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "startedAt" DATETIME NOT NULL,
    "finishedAt" DATETIME
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

