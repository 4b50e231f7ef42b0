// The catalog version: one number in the database (the CatalogVersion row), bumped in the same
// transaction as every change a shopper can see (a sync's switch, staff flags, a re-price, the
// start-up backfill of derived columns). Anything derived from the catalog (memoised reads, the
// search vocabulary, cached listings) is keyed by it, so one primary-key read tells any instance
// whether what it holds is current; no message between instances is needed. It only grows, so
// an instance can also tell an older version from a newer one.
import "server-only";
import { db, type Prisma } from "@/lib/db";

type Client = Prisma.TransactionClient | typeof db;

/** The current version; 0 until the catalog first changes. One primary-key read. */
export async function readCatalogVersion(client: Client = db): Promise<number> {
  const row = await client.catalogVersion.findUnique({ where: { id: 1 }, select: { version: true } });
  return row?.version ?? 0;
}

/**
 * Moves the version on; call it inside the transaction that changes the catalog, so the new
 * version and the new rows become visible together. A native upsert with an increment: two
 * changes committing at once get two versions (the row lock orders them).
 */
export async function bumpCatalogVersion(tx: Client = db): Promise<number> {
  return (await bumpCatalogVersionQuery(tx)).version;
}

/** The same bump as a query, for a batch `db.$transaction([...])`. */
export function bumpCatalogVersionQuery(client: Client = db) {
  return client.catalogVersion.upsert({
    where: { id: 1 },
    create: { id: 1, version: 1 },
    update: { version: { increment: 1 } },
    select: { version: true },
  });
}
