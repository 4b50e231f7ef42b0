// The catalog version: one number in the database, bumped in the same transaction as every
// change a shopper can see (a sync's apply, staff flags, a re-price). Anything derived from the
// catalog (the search vocabulary today, cached listings later) is keyed by it, so one cheap read
// tells any instance whether what it holds is current; no message between instances is needed.
import "server-only";
import { db, type Prisma } from "@/lib/db";

type Client = Prisma.TransactionClient | typeof db;

/** The current version; 0 until the catalog first changes. One primary-key read. */
export async function readCatalogVersion(client: Client = db): Promise<number> {
  const row = await client.catalogVersion.findUnique({ where: { id: 1 }, select: { version: true } });
  return row?.version ?? 0;
}

/** Moves the version on inside the caller's transaction (a native upsert: safe when two race). */
export async function bumpCatalogVersion(tx: Client): Promise<number> {
  const row = await tx.catalogVersion.upsert({
    where: { id: 1 },
    create: { id: 1, version: 1 },
    update: { version: { increment: 1 } },
    select: { version: true },
  });
  return row.version;
}

/** The same bump as a query for a batch `db.$transaction([...])`. */
export function bumpCatalogVersionQuery() {
  return db.catalogVersion.upsert({ where: { id: 1 }, create: { id: 1, version: 1 }, update: { version: { increment: 1 } }, select: { version: true } });
}
