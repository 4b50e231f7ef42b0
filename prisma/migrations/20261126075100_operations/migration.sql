-- CreateTable
CREATE TABLE "UpstreamWallet" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "balance" DECIMAL,
    "currency" TEXT,
    "readAt" DATETIME,
    "estimate" DECIMAL,
    "readClaimUntil" DATETIME,
    "pausedAt" DATETIME,
    "pauseNeeds" DECIMAL,
    "version" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "UpstreamSpend" (
    "upstreamOrderId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "amount" DECIMAL NOT NULL,
    "status" TEXT NOT NULL,
    "countedAt" DATETIME,
    "restoredAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "AlertState" (
    "kind" TEXT NOT NULL PRIMARY KEY,
    "status" TEXT NOT NULL DEFAULT 'ok',
    "incident" INTEGER NOT NULL DEFAULT 0,
    "firedAt" DATETIME,
    "clearedAt" DATETIME,
    "summary" TEXT,
    "details" TEXT,
    "notices" INTEGER NOT NULL DEFAULT 0,
    "nextNoticeAt" DATETIME,
    "noticeDue" TEXT,
    "noticeClaimToken" TEXT,
    "noticeClaimUntil" DATETIME,
    "lastNoticeAt" DATETIME,
    "version" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "AlertSubscription" (
    "userId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("userId", "kind"),
    CONSTRAINT "AlertSubscription_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AlertWebhook" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "dedupeKey" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimToken" TEXT,
    "error" TEXT,
    "sentAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "UpstreamSpend_createdAt_idx" ON "UpstreamSpend"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "AlertWebhook_dedupeKey_key" ON "AlertWebhook"("dedupeKey");

-- CreateIndex
CREATE INDEX "AlertWebhook_status_nextAttemptAt_idx" ON "AlertWebhook"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "AlertWebhook_createdAt_idx" ON "AlertWebhook"("createdAt");

