// A tiny per-process memo for catalog-wide reads every page repeats (nav, home). An entry is
// reused while its TTL runs and the catalog version it was built at is still current, so a sync
// or a staff edit on any instance shows on the next request (catalogMemo in catalog-memo.ts).

type Entry = { expires: number; version: number; value: Promise<unknown> };
const entries = new Map<string, Entry>();

/** Returns the cached promise for `key` while fresh and of `version`; a failed load is not kept. */
export function memoize<T>(key: string, ttlMs: number, load: () => Promise<T>, now: () => number = Date.now, version = 0): Promise<T> {
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

/** Drops every memoised read (tests, and after a sync if the caller wants instant freshness). */
export function clearCatalogMemo(): void {
  entries.clear();
}
