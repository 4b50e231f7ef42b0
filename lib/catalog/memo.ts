// A tiny per-process memo for catalog-wide reads every page repeats (nav, home). An entry is
// reused while its TTL runs and the catalog version it was built at is still current
// (lib/catalog/catalog-version.ts), so a sync or a staff edit on any instance shows on the next
// request.
import "server-only";
import { env } from "@/lib/env";
import { readCatalogStamps } from "./cache/stamps";

type Entry = { expires: number; version: number; value: Promise<unknown> };
const entries = new Map<string, Entry>();

/** Returns the cached promise for `key` while fresh and of `version`; a failed load is not kept. */
export function memoize<T>(
  key: string,
  ttlMs: number,
  load: () => Promise<T>,
  now: () => number = Date.now,
  version = 0,
): Promise<T> {
  const hit = entries.get(key);
  if (hit && hit.expires > now() && hit.version === version) return hit.value as Promise<T>;
  const value = load();
  const entry = { expires: now() + ttlMs, version, value };
  entries.set(key, entry);
  value.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return value;
}

/**
 * Tests see every write immediately; elsewhere catalog-wide reads live until the version moves
 * (ten minutes bound a read that a change outside the shop's own writes might have made stale).
 */
export function catalogMemoMs(): number {
  return env.NODE_ENV === "test" ? 0 : 600_000;
}

/** Memoises a catalog read under the current catalog version: a new version misses at once. */
export async function memoizeCatalogRead<T>(
  name: string,
  load: () => Promise<T>,
  ttlMs: number = catalogMemoMs(),
): Promise<T> {
  return memoize(name, ttlMs, load, Date.now, (await readCatalogStamps()).version);
}

/** Drops every memoised read (tests). */
export function clearCatalogMemo(): void {
  entries.clear();
}
