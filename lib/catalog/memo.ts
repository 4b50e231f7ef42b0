// A tiny per-process memo for catalog-wide reads every page repeats (nav, home). The catalog
// changes only on sync, so a short TTL saves full-table scans at 50k products at little staleness.

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

/** Drops every memoised read (tests, and after a sync if the caller wants instant freshness). */
export function clearCatalogMemo(): void {
  entries.clear();
}
