// The Prisma client: one per process (kept on globalThis so dev hot reloads reuse it).
// DATABASE_URL alone decides the database (lib/db-client.ts); nothing else changes.
import "server-only";
import type { PrismaClient } from "@prisma/client";
import { createPrismaClient, providerOf, type DbProvider } from "@/lib/db-client";
import { env } from "@/lib/env";

const globalForDb = globalThis as unknown as { prisma?: PrismaClient };

export const dbProvider: DbProvider = providerOf(env.DATABASE_URL);

export const db: PrismaClient = (globalForDb.prisma ??= createPrismaClient(env.DATABASE_URL, {
  poolSize: env.DATABASE_POOL_SIZE,
  applicationName: `shop ${process.pid}`,
}));

export { Prisma } from "@prisma/client";
