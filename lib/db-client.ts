// Builds a Prisma client for a DATABASE_URL: `file:` → SQLite (better-sqlite3), `postgres://`
// → PostgreSQL (node-postgres pool). Each provider has its own generated client (Prisma's JS
// engine compiles queries per provider); both share one runtime (scripts/db/generate.mjs), and
// the SQLite client's types, the narrower of the two APIs, are the ones the code is written to.
import { PrismaClient } from "@prisma/client";
import { PrismaClient as PostgresPrismaClient } from "prisma-client-pg";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";

export type DbProvider = "sqlite" | "postgresql";

export function providerOf(url: string): DbProvider {
  if (url.startsWith("file:")) return "sqlite";
  if (/^postgres(ql)?:\/\//.test(url)) return "postgresql";
  throw new Error("DATABASE_URL must start with file: (SQLite) or postgres:// (PostgreSQL)");
}

export type ClientOptions = {
  /** PostgreSQL: connections in this process's pool. */
  poolSize?: number;
  /** PostgreSQL: shown in pg_stat_activity, so staff can tell the instances apart. */
  applicationName?: string;
  /**
   * Interactive transactions: how long one may wait to start (a free connection) and how long it
   * may run. Prisma's defaults (2 s, 5 s) are shorter than a burst's queue on a small pool.
   */
  transactions?: { maxWaitMs: number; timeoutMs: number };
};

export function createPrismaClient(url: string, opts: ClientOptions = {}): PrismaClient {
  const transactionOptions = opts.transactions && {
    maxWait: opts.transactions.maxWaitMs,
    timeout: opts.transactions.timeoutMs,
  };
  if (providerOf(url) === "postgresql") {
    const adapter = new PrismaPg({
      connectionString: url,
      max: opts.poolSize ?? 10,
      application_name: opts.applicationName?.slice(0, 63),
      // A connection that cannot be had in 10 s is an outage, not a queue to wait in.
      connectionTimeoutMillis: 10_000,
    });
    return new PostgresPrismaClient({ adapter, transactionOptions }) as unknown as PrismaClient;
  }
  // A busy timeout lets several processes share one SQLite file without SQLITE_BUSY errors.
  const adapter = new PrismaBetterSQLite3({ url: url.replace(/^file:/, ""), timeout: 10_000 });
  return new PrismaClient({ adapter, transactionOptions });
}
