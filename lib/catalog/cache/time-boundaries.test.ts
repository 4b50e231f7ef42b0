import { describe, expect, it } from "vitest";
import { createInstanceWatch } from "./page-invalidation";
import { createBoundaryWatcher, type Boundary, type BoundarySources } from "./time-boundaries";

const none = async (): Promise<Boundary[]> => [];

describe("the clock's boundaries", () => {
  it("drops an offer's end that passed while a failed read kept it from being seen", async () => {
    const clock = { at: 1000 };
    let fail = false;
    const sources: BoundarySources = {
      offers: async () => {
        if (fail) throw new Error("database unavailable");
        return [{ at: 1500, tags: ["family:steam"] }];
      },
      rates: none,
      year: none,
    };
    const times = createBoundaryWatcher(() => clock.at, sources);
    expect(await times.check()).toEqual([]);
    times.reread("offers");
    fail = true;
    clock.at = 2000;
    await expect(times.check()).rejects.toThrow("database unavailable");
    fail = false;
    clock.at = 3000;
    expect(await times.check()).toEqual(["family:steam"]);
    expect(await times.check()).toEqual([]);
  });

  it("reads the offers' ends again after a catalog check that failed, which may have seen a change", async () => {
    let offerReads = 0;
    let catalogFails = false;
    const check = createInstanceWatch({
      clock: () => 1000,
      catalog: async () => {
        if (catalogFails) throw new Error("database unavailable");
        return [];
      },
      markets: async () => [],
      sources: { offers: async () => ((offerReads += 1), []), rates: none, year: none },
    });
    await check();
    await check();
    expect(offerReads).toBe(1);
    catalogFails = true;
    await expect(check()).rejects.toThrow("database unavailable");
    catalogFails = false;
    await check();
    expect(offerReads).toBe(2);
  });

  it("reads the offers' ends again when the catalog moved, and the rates when the markets did", async () => {
    const reads = { offers: 0, rates: 0 };
    const moved = { catalog: [] as string[], markets: [] as string[] };
    const check = createInstanceWatch({
      clock: () => 1000,
      catalog: async () => moved.catalog,
      markets: async () => moved.markets,
      sources: {
        offers: async () => ((reads.offers += 1), []),
        rates: async () => ((reads.rates += 1), []),
        year: none,
      },
    });
    await check();
    moved.catalog = ["catalog"];
    await check();
    expect(reads).toEqual({ offers: 2, rates: 1 });
    moved.catalog = [];
    moved.markets = ["markets"];
    await check();
    expect(reads).toEqual({ offers: 2, rates: 2 });
  });
});
