import { describe, expect, it } from "vitest";
import { BudgetSpentError, capFor, InMemoryBudget } from "./budget";

/** A clock whose sleep advances time instantly and records each wait. */
function fakeClock(start = 1000 * 60_000) {
  const clock = { t: start, waits: [] as number[] };
  return {
    clock,
    now: () => clock.t,
    sleep: async (ms: number, signal?: AbortSignal) => {
      if (signal?.aborted) throw signal.reason;
      clock.waits.push(ms);
      clock.t += ms;
    },
  };
}

async function takeUntilBlocked(
  b: InMemoryBudget,
  priority: "catalog" | "check" | "purchase",
  c: { clock: { waits: number[] } },
) {
  let n = 0;
  while (c.clock.waits.length === 0 && n < 1000) {
    await b.acquire(priority);
    n++;
  }
  return n - 1; // the last acquire only succeeded after waiting
}

describe("capFor", () => {
  it("reserves headroom: catalog 60 %, polling 70 %, check 85 %, purchase 100 %", () => {
    expect([capFor("catalog", 100), capFor("poll", 100), capFor("check", 100), capFor("purchase", 100)]).toEqual([
      60, 70, 85, 100,
    ]);
    expect(capFor("catalog", 1)).toBe(1);
  });
});

describe("InMemoryBudget", () => {
  it("never lets polling of pending orders take the headroom a checkout check needs", async () => {
    const c = fakeClock();
    const b = new InMemoryBudget({ limit: 100, ...c });
    for (let i = 0; i < 70; i++) await b.acquire("poll");
    // Polling has used its share; every shopper's check of the window still goes out at once.
    for (let i = 0; i < 15; i++) await b.acquire("check");
    expect(c.clock.waits).toEqual([]);
    await b.acquire("poll");
    expect(c.clock.waits).toEqual([60_000]);
  });

  it("lets a catalog sync use at most 60 % of the window, then makes it wait for the next one", async () => {
    const c = fakeClock();
    const b = new InMemoryBudget({ limit: 100, ...c });
    expect(await takeUntilBlocked(b, "catalog", c)).toBe(60);
    expect(c.clock.waits).toEqual([60_000]);
  });

  it("never makes a purchase wait behind a sync that used its share", async () => {
    const c = fakeClock();
    const b = new InMemoryBudget({ limit: 100, ...c });
    for (let i = 0; i < 60; i++) await b.acquire("catalog");
    for (let i = 0; i < 25; i++) await b.acquire("check");
    for (let i = 0; i < 15; i++) await b.acquire("purchase");
    expect(c.clock.waits).toEqual([]);
    expect(b.used).toBe(100);
  });

  it("stops checks at 85 % while purchases still go through", async () => {
    const c = fakeClock();
    const b = new InMemoryBudget({ limit: 100, ...c });
    for (let i = 0; i < 85; i++) await b.acquire("check");
    await b.acquire("purchase");
    expect(c.clock.waits).toEqual([]);
    await b.acquire("check");
    expect(c.clock.waits).toEqual([60_000]);
  });

  it("trusts X-RateLimit-Remaining when upstream counted more than we did", async () => {
    const c = fakeClock();
    const b = new InMemoryBudget({ limit: 100, ...c });
    await b.acquire("purchase");
    await b.report({ status: 200, limit: 100, remaining: 50 });
    expect(b.used).toBe(50);
    await b.report({ status: 200, limit: 100, remaining: 90 });
    expect(b.used).toBe(50);
    for (let i = 0; i < 10; i++) await b.acquire("catalog");
    expect(c.clock.waits).toEqual([]);
    await b.acquire("catalog");
    expect(c.clock.waits).toHaveLength(1);
  });

  it("adopts a lower X-RateLimit-Limit from upstream", async () => {
    const c = fakeClock();
    const b = new InMemoryBudget({ limit: 100, ...c });
    await b.report({ status: 200, limit: 10, remaining: 10 });
    for (let i = 0; i < 6; i++) await b.acquire("catalog");
    expect(c.clock.waits).toEqual([]);
    await b.acquire("catalog");
    expect(c.clock.waits).toEqual([60_000]);
  });

  it("blocks every priority until retry_after after a 429", async () => {
    const c = fakeClock();
    const b = new InMemoryBudget({ limit: 100, ...c });
    await b.acquire("purchase");
    await b.report({ status: 429, retryAfterSeconds: 7, remaining: 10 });
    await b.acquire("purchase");
    expect(c.clock.waits).toEqual([7_000]);
    expect(b.used).toBe(91);
  });

  it("starts a fresh window at the next minute boundary, like the upstream", async () => {
    const c = fakeClock(1000 * 60_000 + 45_000);
    const b = new InMemoryBudget({ limit: 2, ...c });
    await b.acquire("purchase");
    await b.acquire("purchase");
    await b.acquire("purchase");
    expect(c.clock.waits).toEqual([15_000]);
  });

  it("ignores Remaining of a call that took its token in the previous window", async () => {
    const c = fakeClock();
    const b = new InMemoryBudget({ limit: 10, ...c });
    const acquiredAt = c.now() - 1;
    await b.report({ status: 200, limit: 10, remaining: 0, acquiredAt });
    expect(b.used).toBe(0);
  });

  it("rejects a waiting acquire when its signal aborts", async () => {
    const b = new InMemoryBudget({ limit: 1 });
    await b.acquire("purchase");
    const ctl = new AbortController();
    const waiting = b.acquire("purchase", ctl.signal);
    ctl.abort(new Error("caller gave up"));
    await expect(waiting).rejects.toThrow("caller gave up");
  });
});

describe("acquiring without waiting", () => {
  it("fails a check at once when the check share is spent, while a purchase still goes out", async () => {
    const c = fakeClock();
    const b = new InMemoryBudget({ limit: 100, now: c.now, sleep: c.sleep });
    for (let i = 0; i < 85; i++) await b.acquire("check", undefined, { wait: false });
    await expect(b.acquire("check", undefined, { wait: false })).rejects.toBeInstanceOf(BudgetSpentError);
    await b.acquire("purchase", undefined, { wait: false });
    expect(c.clock.waits).toEqual([]);
    expect(b.used).toBe(86);
  });
});
