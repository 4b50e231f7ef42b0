// memoize() keyed to the catalog version: one primary-key read per call decides whether the
// memoised catalog-wide read (nav, home, shelves) is still the current catalog's.
import "server-only";
import { env } from "@/lib/env";
import { memoize } from "./memo";
import { readCatalogVersion } from "./version";

/** Tests see every write immediately; elsewhere reads are reused for 30 s within one catalog version. */
export function catalogMemoMs(): number {
  return env.NODE_ENV === "test" ? 0 : 30_000;
}

/** The memoised `load` of the current catalog version (rebuilt at once when the version moves). */
export async function catalogMemo<T>(key: string, load: () => Promise<T>): Promise<T> {
  return memoize(key, catalogMemoMs(), load, Date.now, await readCatalogVersion());
}
