// A catalog page shows its market's currency and converted prices (docs/markets.md#urls), so
// every read of a market is tagged and dropped on every instance when a market or a rate
// changes: each instance's watcher reads a stamp of the markets and the reference rates.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMarketWatcher } from "@/lib/catalog/cache/market-invalidation";
import { marketsTag } from "@/lib/catalog/cache/page-tag-names";
import { db } from "@/lib/db";
import { registry } from "@/lib/http/page-cache/registry.cjs";
import { getMarketBySlug } from "@/lib/markets/lookup";
import { storeRates } from "@/lib/markets/rates/store-rates";
import { Decimal } from "@/lib/pricing/decimal";
import { createMarket } from "@/tests/helpers/markets";

const dropped: string[][] = [];
const record = (tags: string[]) => void dropped.push(tags);
const now = new Date("2026-11-25T15:00:00Z");

beforeAll(async () => {
  await createMarket({
    slug: "id",
    name: "Indonesia",
    countries: ["ID"],
    currency: "IDR",
    rateSource: "feed",
    rate: "16000",
    rateSetAt: now,
    maxAgeHours: 72,
    bufferPercent: "2",
  });
  registry().invalidators.add(record);
});
afterAll(() => void registry().invalidators.delete(record));

describe("catalog pages follow their market", () => {
  it("a new reference rate drops every market page on every instance, once", async () => {
    const [mine, other] = [createMarketWatcher(), createMarketWatcher()];
    expect(await mine()).toEqual([]);
    expect(await other()).toEqual([]);
    dropped.length = 0;
    await storeRates({
      base: "USD",
      rates: new Map([["IDR", new Decimal("16500")]]),
      feedDate: now,
      sourceUrl: "https://rates.test/daily.xml",
      now,
      thresholdPercent: 10,
    });
    for (const check of [mine, other]) {
      expect(await check()).toEqual([marketsTag]);
      expect(await check()).toEqual([]);
    }
    expect(dropped).toEqual([[marketsTag], [marketsTag]]);
  });

  it("an owner's edit of a market drops its pages and the process's copy of the markets", async () => {
    const watcher = createMarketWatcher();
    await watcher();
    dropped.length = 0;
    await db.market.update({ where: { slug: "id" }, data: { fxBufferPercent: "3" } });
    expect(await watcher()).toEqual([marketsTag]);
    expect(dropped).toEqual([[marketsTag]]);
    expect((await getMarketBySlug("id"))?.fxBufferPercent.toString()).toBe("3");
  });
});
