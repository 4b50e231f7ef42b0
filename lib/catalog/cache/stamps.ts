// What each instance knows of the catalog's versions: the global catalog version (read from the
// database on every request, one primary-key read) and the version of every scope (a product
// type, brand, category or family: lib/catalog/scopes.ts), caught up from CatalogScope only when
// the global version moved. A cached read is keyed by the stamp of what it shows, so an entry for
// an older version is never served, on any instance, and a change invalidates exactly the
// listings of the scopes it touched. No message between instances: the database decides.
import "server-only";
import { cache } from "react";
import { db, type Prisma } from "@/lib/db";
import { readCatalogVersion } from "../catalog-version";

export type CatalogStamps = {
  /** The catalog version: stamps reads that span the catalog (a search, all products). */
  version: number;
  /** The version of the latest change to `key` (0 = never changed since the table existed). */
  scope(key: string): number;
  /** The scopes this read found changed since the reader's previous one (all of them on its first). */
  changed: string[];
};

type Client = Prisma.TransactionClient | typeof db;

/**
 * A reader with its own memory of scope versions: one per process, and one per simulated
 * instance in tests. Each call reads the catalog version; only when it moved are the scope
 * rows changed since (version > the last one seen) read, so a quiet catalog costs one read.
 */
export function createStampReader(client: Client = db): () => Promise<CatalogStamps> {
  let known = -1;
  const scopes = new Map<string, number>();
  const snapshot = (version: number, changed: string[] = []): CatalogStamps => ({
    version,
    scope: (key) => scopes.get(key) ?? 0,
    changed,
  });

  return async function readStamps(): Promise<CatalogStamps> {
    const version = await readCatalogVersion(client);
    if (version === known) return snapshot(version);
    if (version < known) {
      // The catalog went back (a restored database): forget everything.
      scopes.clear();
      known = -1;
    }
    const rows = await client.catalogScope.findMany({
      where: { version: { gt: known } },
      select: { key: true, version: true },
    });
    const changed: string[] = [];
    for (const r of rows) {
      if (r.version <= (scopes.get(r.key) ?? -1)) continue;
      scopes.set(r.key, r.version);
      changed.push(r.key);
    }
    // Rows of a change committed after our version read may be in `rows` too: newer is fine.
    known = Math.max(known, version);
    return snapshot(version, changed);
  };
}

const readForProcess = createStampReader();

/** This instance's stamps, read once per request (React's cache) however many reads a page makes. */
export const readCatalogStamps = cache(() => readForProcess());
