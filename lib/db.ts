// The Prisma client: one per process (kept on globalThis so dev hot reloads reuse it).
import "server-only";
import { PrismaClient } from "@prisma/client";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { env } from "@/lib/env";

const globalForDb = globalThis as unknown as { prisma?: PrismaClient };

function createClient(): PrismaClient {
  const url = env.DATABASE_URL;
  if (!url.startsWith("file:")) {
    throw new Error("DATABASE_URL: only file: (SQLite) is supported by this build");
  }
  // A busy timeout lets several processes share one SQLite file without SQLITE_BUSY errors.
  const adapter = new PrismaBetterSQLite3({ url: url.replace(/^file:/, ""), timeout: 10_000 });
  return new PrismaClient({ adapter });
}

export const db: PrismaClient = (globalForDb.prisma ??= createClient());

export { Prisma } from "@prisma/client";
