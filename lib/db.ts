// The Prisma client: one per process (kept on globalThis so dev hot reloads reuse it).
// DATABASE_URL alone decides the database (lib/db-client.ts); nothing else changes. Nothing
// inside one of its transactions may use it again (lib/db-transaction-guard.ts).
import "server-only";
import type { PrismaClient } from "@prisma/client";
import { createPrismaClient, providerOf, type DbProvider } from "@/lib/db-client";
import { guardTransactions, type GlobalClientInTransactionError } from "@/lib/db-transaction-guard";
import { env } from "@/lib/env";
import { log } from "@/lib/log";

const globalForDb = globalThis as unknown as { prisma?: PrismaClient };

export const dbProvider: DbProvider = providerOf(env.DATABASE_URL);

/** Thrown outside production; in production the use is logged and the query runs. */
function reportGlobalClientInTransaction(err: GlobalClientInTransactionError): void {
  if (env.NODE_ENV !== "production") throw err;
  log.error({ use: `db.${err.what}`, stack: err.stack }, "db: the global client was used inside a transaction");
}

export const db: PrismaClient = (globalForDb.prisma ??= guardTransactions(
  createPrismaClient(env.DATABASE_URL, {
    poolSize: env.DATABASE_POOL_SIZE,
    applicationName: `shop ${process.pid}`,
    transactions: { maxWaitMs: env.DATABASE_TX_MAX_WAIT_MS, timeoutMs: env.DATABASE_TX_TIMEOUT_MS },
  }),
  reportGlobalClientInTransaction,
));

export { Prisma } from "@prisma/client";
