// One client cannot spend the upstream budget every shopper's checkout shares: the issue's
// scenario (ten parallel 20-line quotes from one client) against the real request budget
// (100 per 60 s, checks up to 85 %), with a budget that refuses to wait for the next window.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCatalogSync } from "@/lib/catalog/sync";
import { db } from "@/lib/db";
import { setUpstream, UpstreamClient } from "@/lib/upstream";
import { DbBudget } from "@/lib/upstream/db-budget";
import { setRateLimitClockForTests } from "@/lib/rate-limit";
import { clientLimits } from "@/lib/rate-limit/client-limits";
import { postQuote } from "../../helpers/client-headers";
import { API_KEY, startSyncHarness } from "../catalog/sync-harness";

// The limits count on a fixed clock: every hit of this file falls at the same instant, however
// slowly the machine runs and wherever the wall clock stands.
beforeAll(() => setRateLimitClockForTests(() => new Date("2026-11-25T12:00:30Z")));
afterAll(() => setRateLimitClockForTests(undefined));

const h = startSyncHarness({ catalogSize: 250 });
let skus: string[] = [];

function checkCalls(): number {
  return h.sandbox.control.stats().byRoute["POST /orders/check"] ?? 0;
}

beforeAll(async () => {
  await runCatalogSync({ kind: "full", trigger: "manual" }, h.deps);
  skus = (
    await db.product.findMany({
      where: { listed: true, hidden: false, productType: { not: "test" } },
      select: { itemCode: true },
      orderBy: { itemCode: "asc" },
      take: 201,
    })
  ).map((p) => p.itemCode);
  // The shop's own budget, as in production; a check that would wait for the next window fails at once.
  const budget = new DbBudget({
    db,
    apiKey: API_KEY,
    limit: 100,
    sleep: async () => Promise.reject(new Error("no budget left in this window")),
  });
  setUpstream(
    new UpstreamClient({ baseUrl: "http://sandbox.test/v1", apiKey: API_KEY, fetch: h.sandbox.fetch, budget }),
  );
});
afterAll(() => h.close());

describe("the upstream budget under a quote flood", () => {
  it("keeps a real shopper's quote working while one client sends ten parallel 20-line quotes", async () => {
    expect(skus).toHaveLength(201);
    const before = checkCalls();
    const flood = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        postQuote(
          skus.slice(i * 20, i * 20 + 20).map((itemCode) => ({ itemCode, quantity: 1 })),
          "203.0.113.50",
        ),
      ),
    );
    const shopper = await postQuote([{ itemCode: skus[200]!, quantity: 1 }], "198.51.100.7");
    const body = await shopper.json();
    expect(body.problems).toEqual([]);
    expect(shopper.status).toBe(200);
    // What kept it working: the flooding client got two quotes' worth of checks, then 429s.
    expect(flood.map((r) => r.status).filter((s) => s === 429).length).toBeGreaterThanOrEqual(8);
    // Two quotes' worth (whichever two of the ten won the race), and the shopper's one line.
    expect(checkCalls() - before).toBeLessThanOrEqual(clientLimits.quoteLines.limit + 1);
  });

  it("answers a repeated identical quote from the last few seconds without asking the upstream again", async () => {
    const items = [{ itemCode: skus[198]!, quantity: 2 }];
    const first = await postQuote(items, "198.51.100.8");
    expect((await first.json()).problems).toEqual([]);
    const afterFirst = checkCalls();
    const second = await postQuote(items, "198.51.100.9");
    expect((await second.json()).problems).toEqual([]);
    expect(checkCalls()).toBe(afterFirst);
  });

  it("merges identical lines of a quote into one line and one check", async () => {
    const before = checkCalls();
    const res = await postQuote(
      Array.from({ length: 20 }, () => ({ itemCode: skus[199]!, quantity: 1 })),
      "198.51.100.10",
    );
    const body = await res.json();
    expect(body.lines).toHaveLength(1);
    expect(body.lines[0].quantity).toBe(20);
    expect(checkCalls() - before).toBeLessThanOrEqual(1);
  });
});
