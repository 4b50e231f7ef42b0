// The load phase compares one supplier with two: its runs are chosen by --load-suppliers, the
// second supplier is configured on the sandbox server and in the shop with its own key, budget
// and webhook secret, and the figures add every supplier's calls while keeping each one's apart.
import { describe, expect, it } from "vitest";
import { figures, parseSupplierCounts, type ShopperRun } from "../../scripts/bench/load-figures";
import { supplierEnv, supplierNames } from "../../scripts/bench/load-suppliers";
import { newTally } from "../../scripts/bench/load-tally";
import { sandboxKeyOf } from "../../scripts/bench/sandbox-control";

const stats = (byRoute: Record<string, number>, rateLimited = 0) => ({
  requests: Object.values(byRoute).reduce((a, b) => a + b, 0),
  rateLimited,
  byRoute,
});
const shop = { orders: 0, linesInFlight: 0, linesByStatus: {}, linesBySupplier: {}, failovers: {} };
const drain = { seconds: 0, created: 0, delivered: 0, notDelivered: {}, timedOut: false };
const books = { checkedOrders: 0, upstreamOrders: {}, problems: {}, examples: [] };

describe("the load phase's runs", () => {
  it("runs one supplier then two unless --load-suppliers says otherwise", () => {
    expect(parseSupplierCounts(undefined)).toEqual([1, 2]);
    expect(parseSupplierCounts("2")).toEqual([2]);
    expect(parseSupplierCounts("2,1")).toEqual([2, 1]);
  });

  it("refuses a supplier count it cannot serve, or one named twice", () => {
    for (const bad of ["3", "0", "1,1", "a", ""]) expect(() => parseSupplierCounts(bad)).toThrow(/--load-suppliers/);
  });
});

describe("the second supplier's configuration", () => {
  it("adds nothing to a run with main alone", () => {
    expect(supplierNames(1)).toEqual(["main"]);
    expect(supplierEnv(["main"], "http://127.0.0.1:3300", 100)).toEqual({});
  });

  it("serves b from the sandbox server and configures it in the shop with its own key and budget", () => {
    const env = supplierEnv(supplierNames(2), "http://127.0.0.1:3300", 100);
    expect(env).toMatchObject({
      SANDBOX_SUPPLIERS: "b",
      UPSTREAM_SUPPLIERS: "b",
      UPSTREAM_B_BASE_URL: "http://127.0.0.1:3300/sandbox/b/v1",
      UPSTREAM_B_API_KEY: sandboxKeyOf("b"),
      UPSTREAM_B_RATE_LIMIT: "100",
    });
    expect(env.UPSTREAM_B_API_KEY).not.toBe(sandboxKeyOf("main"));
    expect(env.UPSTREAM_B_WEBHOOK_SECRET).toMatch(/_b$/);
  });
});

describe("a run's figures", () => {
  const run = (): ShopperRun => {
    const tally = newTally();
    // Ten orders in the first minute, thirty in the two after it, one after the window.
    for (let i = 0; i < 10; i++) tally.orders.push({ token: `a${i}`, atS: 30 });
    for (let i = 0; i < 30; i++) tally.orders.push({ token: `b${i}`, atS: 60 + i * 4 });
    tally.orders.push({ token: "late", atS: 181 });
    return {
      tally,
      wallS: 200,
      perMinute: { main: [100, 100, 90], b: [80, 100, 70] },
      first: { main: stats({ "POST /orders": 5 }), b: stats({}) },
    };
  };
  const last = {
    main: stats({ "POST /orders": 46, "POST /orders/check": 41 }, 3),
    b: stats({ "POST /orders": 41, "GET /orders/{id}": 41 }, 1),
  };
  const opts = { shoppers: 10, seconds: 180, catalogSize: 300, supplierCounts: [2] };
  const f = figures(opts, ["main", "b"], run(), { drain, shop, books, offers: {} }, last);

  it("adds every supplier's calls, minutes and 429s, and keeps each supplier's apart", () => {
    expect(f.upstream.byKind).toMatchObject({ purchase: 82, check: 41, "read/poll": 41 });
    expect(f.upstream.total).toBe(164);
    expect(f.upstream.perMinute).toEqual([180, 200, 160]);
    expect(f.upstream.rateLimited).toBe(4);
    expect(f.upstreamBySupplier.main!.byKind).toMatchObject({ purchase: 41, check: 41, "read/poll": 0 });
    expect(f.upstreamBySupplier.b!.perOrder.purchase).toBe(1);
  });

  it("bounds orders per minute by every supplier's budget", () => {
    // 41 orders, 164 calls: 4 calls an order; two budgets of 100 a minute.
    expect(f.upstream.boundOrdersPerMinute).toBe(50);
  });

  it("counts orders per minute over the window and over the minutes after the first", () => {
    expect(f.ordersPerMinute).toBe(13.3);
    expect(f.ordersPerMinuteSustained).toBe(15);
  });
});
