-- CreateTable
CREATE TABLE "RateLimitBucket" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "tat" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "RateLimitBucket_tat_idx" ON "RateLimitBucket"("tat");

