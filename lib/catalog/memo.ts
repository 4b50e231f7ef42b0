// A tiny per-process memo for catalog-wide reads every page repeats (nav, home). Entries are
// keyed by the catalog version (lib/catalog/catalog-version.ts), so a sync or a staff edit is
// seen at once on every instance; the TTL only bounds reads that also follow sales (best sellers).
import "server-only";
import { readCatalogVersion } from "./catalog-version";

type Entry = { expires: number; value: Promise<unknown> };
const entries = new Map<string, Entry>();

/** Returns the cached promise for `key` while fresh; a failed load is not kept. */
export function memoize<T>(key: string, ttlMs: number, load: () => Promise<T>, now: () => number = Date.now): Promise<T> {
  const hit = entries.get(key);
  if (hit && hit.expires > now()) return hit.value as Promise<T>;
  const value = load();
  entries.set(key, { expires: now() + ttlMs, value });
  value.catch(() => entries.delete(key));
  return value;
}

/**
 * Memoises a catalog read under the current catalog version: a new version misses at once (and
 * drops the entries of older versions of the same read).
 */
export async function memoizeCatalogRead<T>(name: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const version = await readCatalogVersion();
  const key = `${name}@${version}`;
  if (!entries.has(key)) {
    for (const k of entries.keys()) if (k.startsWith(`${name}@`)) entries.delete(k);
  }
  return memoize(key, ttlMs, load);
}

/** Drops every memoised read (tests). */
export function clearCatalogMemo(): void {
  entries.clear();
}
