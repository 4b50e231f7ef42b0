-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_OutboxEmail" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "orderId" TEXT,
    "dedupeKey" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "html" TEXT,
    "secretEnc" TEXT,
    "status" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimToken" TEXT,
    "lastAttemptAt" DATETIME,
    "error" TEXT,
    "sentAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "OutboxEmail_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_OutboxEmail" ("createdAt", "dedupeKey", "error", "id", "kind", "orderId", "sentAt", "status", "subject", "text", "to") SELECT "createdAt", "dedupeKey", "error", "id", "kind", "orderId", "sentAt", "status", "subject", "text", "to" FROM "OutboxEmail";
DROP TABLE "OutboxEmail";
ALTER TABLE "new_OutboxEmail" RENAME TO "OutboxEmail";
CREATE UNIQUE INDEX "OutboxEmail_dedupeKey_key" ON "OutboxEmail"("dedupeKey");
CREATE INDEX "OutboxEmail_orderId_idx" ON "OutboxEmail"("orderId");
CREATE INDEX "OutboxEmail_status_nextAttemptAt_idx" ON "OutboxEmail"("status", "nextAttemptAt");
CREATE INDEX "OutboxEmail_createdAt_idx" ON "OutboxEmail"("createdAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

