// The catalog version: one number in the database (the CatalogVersion row), bumped in the same
// transaction as every change a shopper can see (a sync's switch, staff flags, a re-price, the
// start-up backfill of derived columns), together with the parts of the catalog the change
// touched (CatalogScope rows: a product type, brand, category or family, lib/catalog/scopes.ts).
// Anything derived from the catalog (memoised reads, the search vocabulary, cached listings) is
// keyed by the version or by its part's version, so one primary-key read tells any instance
// whether what it holds is current; no message between instances is needed. It only grows.
import "server-only";
import { db, Prisma } from "@/lib/db";

type Client = Prisma.TransactionClient | typeof db;

/** The current version; 0 until the catalog first changes. One primary-key read. */
export async function readCatalogVersion(client: Client = db): Promise<number> {
  const row = await client.catalogVersion.findUnique({ where: { id: 1 }, select: { version: true } });
  return row?.version ?? 0;
}

/** A native upsert with an increment: two changes committing at once get two versions (the row lock orders them). */
function bumpVersionRow(client: Client) {
  return client.catalogVersion.upsert({
    where: { id: 1 },
    create: { id: 1, version: 1 },
    update: { version: { increment: 1 } },
    select: { version: true },
  });
}

const BATCH = 300;

/** Inserts or updates scope rows with one portable statement per batch (INSERT … ON CONFLICT). */
async function upsertScopes(tx: Client, keys: string[], set: { version: number } | "pending"): Promise<void> {
  const unique = [...new Set(keys)];
  for (let i = 0; i < unique.length; i += BATCH) {
    const version = set === "pending" ? 0 : set.version;
    const pending = set === "pending" ? Prisma.sql`TRUE` : Prisma.sql`FALSE`;
    const rows = unique.slice(i, i + BATCH).map((k) => Prisma.sql`(${k}, ${version}, ${pending})`);
    const onConflict =
      set === "pending" ? Prisma.sql`"pending" = TRUE` : Prisma.sql`"version" = EXCLUDED."version", "pending" = FALSE`;
    await tx.$executeRaw`INSERT INTO "CatalogScope" ("key", "version", "pending") VALUES ${Prisma.join(rows)} ON CONFLICT ("key") DO UPDATE SET ${onConflict}`;
  }
}

/**
 * Records a change shoppers can see, inside the transaction that makes it: moves the version on,
 * gives the touched scopes (and any a sync's chunks marked pending) that version, and returns it.
 */
export async function commitCatalogChange(tx: Client, scopes: Iterable<string> = []): Promise<number> {
  const { version } = await bumpVersionRow(tx);
  await upsertScopes(tx, [...scopes], { version });
  await tx.catalogScope.updateMany({ where: { pending: true }, data: { version, pending: false } });
  return version;
}

/**
 * Marks scopes a sync chunk touched, in the chunk's own transaction: their version moves when the
 * sync switches (or, after a crash, at the next switch), so caches follow one switch, not each chunk.
 */
export async function markScopesPending(tx: Client, scopes: Iterable<string>): Promise<void> {
  await upsertScopes(tx, [...scopes], "pending");
}

/** Whether a chunk left scopes waiting for a switch (a crashed run's, too). */
export async function hasPendingScopes(tx: Client): Promise<boolean> {
  return (await tx.catalogScope.count({ where: { pending: true } })) > 0;
}
