-- CreateTable
CREATE TABLE "UpstreamWallet" (
    "id" TEXT NOT NULL,
    "balance" DECIMAL(65,30),
    "currency" TEXT,
    "readAt" TIMESTAMP(3),
    "estimate" DECIMAL(65,30),
    "readClaimUntil" TIMESTAMP(3),
    "pausedAt" TIMESTAMP(3),
    "pauseNeeds" DECIMAL(65,30),
    "version" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "UpstreamWallet_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UpstreamSpend" (
    "upstreamOrderId" INTEGER NOT NULL,
    "amount" DECIMAL(65,30) NOT NULL,
    "status" TEXT NOT NULL,
    "countedAt" TIMESTAMP(3),
    "restoredAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UpstreamSpend_pkey" PRIMARY KEY ("upstreamOrderId")
);

-- CreateTable
CREATE TABLE "AlertState" (
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'ok',
    "incident" INTEGER NOT NULL DEFAULT 0,
    "firedAt" TIMESTAMP(3),
    "clearedAt" TIMESTAMP(3),
    "summary" TEXT,
    "details" TEXT,
    "notices" INTEGER NOT NULL DEFAULT 0,
    "nextNoticeAt" TIMESTAMP(3),
    "noticeDue" TEXT,
    "noticeClaimToken" TEXT,
    "noticeClaimUntil" TIMESTAMP(3),
    "lastNoticeAt" TIMESTAMP(3),
    "version" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AlertState_pkey" PRIMARY KEY ("kind")
);

-- CreateTable
CREATE TABLE "AlertSubscription" (
    "userId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AlertSubscription_pkey" PRIMARY KEY ("userId","kind")
);

-- CreateTable
CREATE TABLE "AlertWebhook" (
    "id" TEXT NOT NULL,
    "dedupeKey" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimToken" TEXT,
    "error" TEXT,
    "sentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AlertWebhook_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "UpstreamSpend_createdAt_idx" ON "UpstreamSpend"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "AlertWebhook_dedupeKey_key" ON "AlertWebhook"("dedupeKey");

-- CreateIndex
CREATE INDEX "AlertWebhook_status_nextAttemptAt_idx" ON "AlertWebhook"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "AlertWebhook_createdAt_idx" ON "AlertWebhook"("createdAt");

-- AddForeignKey
ALTER TABLE "AlertSubscription" ADD CONSTRAINT "AlertSubscription_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

