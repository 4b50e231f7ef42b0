// The catalog version: a counter in the database that every catalog change bumps (a sync's
// apply, staff flags, a re-price). Anything cached from the catalog is keyed by it, so a change
// is seen at once by every instance, with no timer to wait for.
import "server-only";
import { randomBytes } from "node:crypto";
import { db, type Prisma } from "@/lib/db";

export const CATALOG_VERSION_KEY = "catalog.version";

type Client = Pick<Prisma.TransactionClient, "setting">;

/** The current version ("0" before the first change); one primary-key read. */
export async function readCatalogVersion(client: Client = db): Promise<string> {
  const row = await client.setting.findUnique({ where: { key: CATALOG_VERSION_KEY }, select: { value: true } });
  return row?.value ?? "0";
}

/**
 * Moves the version on; call it inside the transaction that changes the catalog, so the new
 * version and the new rows become visible together. The value is new every time (time + random),
 * not read-and-incremented, so two changes committing at once can never leave the same version.
 */
export async function bumpCatalogVersion(client: Client = db, now: Date = new Date()): Promise<string> {
  const value = `${now.getTime().toString(36)}-${randomBytes(6).toString("hex")}`;
  await client.setting.upsert({ where: { key: CATALOG_VERSION_KEY }, create: { key: CATALOG_VERSION_KEY, value }, update: { value } });
  return value;
}
