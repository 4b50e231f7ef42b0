// Tells this instance's page and data caches (lib/http/page-cache) that a market or a rate
// changed: a catalog page shows its market's currency, languages and converted prices, so every
// read of a market is tagged `markets` (lib/catalog/cache/market-page.ts). As the catalog's
// watcher does for the catalog (page-invalidation.ts), each instance reads a stamp of the
// markets and the reference rates once a second and, when it moved, drops its copy of the
// markets (lib/markets/lookup.ts) and every page that shows one. No message between instances.
import "server-only";
import { db } from "@/lib/db";
import { invalidateTags } from "@/lib/http/page-cache/registry.cjs";
import { invalidateMarkets } from "@/lib/markets/lookup";
import { marketsTag } from "./page-tag-names";

/** The newest change to any market or reference rate, and how many there are (a deletion moves it too). */
export async function readMarketStamp(): Promise<string> {
  const [markets, rates] = await Promise.all([
    db.market.aggregate({ _max: { updatedAt: true }, _count: { _all: true } }),
    db.referenceRate.aggregate({ _max: { updatedAt: true }, _count: { _all: true } }),
  ]);
  const at = (d: Date | null) => (d ? d.getTime() : 0);
  return [at(markets._max.updatedAt), markets._count._all, at(rates._max.updatedAt), rates._count._all].join(":");
}

/** A watcher with its own memory; `check` returns the tags it dropped. */
export function createMarketWatcher(readStamp: () => Promise<string> = readMarketStamp) {
  let stamp: string | null = null;
  return async function check(): Promise<string[]> {
    const now = await readStamp();
    if (stamp === null || now === stamp) {
      stamp = now;
      return [];
    }
    stamp = now;
    invalidateMarkets();
    invalidateTags([marketsTag]);
    return [marketsTag];
  };
}
