// Each supplier's own request budget (docs/suppliers.md#per-supplier): main and b, configured from
// the environment, each count against their own key and limit, so one's 429 or spent minute never
// holds back the other.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { resetEnvForTests } from "@/lib/env";
import { getUpstream, setUpstream, supplierConfig } from "@/lib/upstream";
import { BudgetSpentError } from "@/lib/upstream/budget";
import { DbBudget, hashApiKey } from "@/lib/upstream/db-budget";

const supplierVars = {
  UPSTREAM_SUPPLIERS: "b",
  UPSTREAM_B_BASE_URL: "http://shop.test/sandbox/b/v1",
  UPSTREAM_B_API_KEY: "sandbox_b_key_0123456789",
  UPSTREAM_B_RATE_LIMIT: "10",
};

beforeAll(() => {
  Object.assign(process.env, supplierVars);
  resetEnvForTests();
});

afterAll(() => {
  for (const key of Object.keys(supplierVars)) delete process.env[key];
  resetEnvForTests();
  setUpstream(null);
});

beforeEach(async () => {
  await db.upstreamBudget.deleteMany();
});

const start = Date.parse("2026-11-25T12:00:10Z");

/** The budget a supplier's client is built with (createUpstreamFor), on a clock the test holds. */
function budgetOf(name: string) {
  const s = supplierConfig(name);
  return new DbBudget({ db, apiKey: s.apiKey, limit: s.rateLimit, now: () => start });
}

describe("a request budget per supplier", () => {
  it("builds one client per supplier, main's for the existing callers", () => {
    expect(getUpstream("b")).not.toBe(getUpstream());
    expect(getUpstream("main")).toBe(getUpstream());
    expect(getUpstream("b")).toBe(getUpstream("b"));
    expect(() => getUpstream("c")).toThrow(/no supplier "c"/);
  });

  it("keeps one budget row per supplier, each with its own limit", async () => {
    await budgetOf("main").acquire("purchase");
    await budgetOf("b").acquire("purchase");
    const rows = await db.upstreamBudget.findMany({ orderBy: { limit: "asc" } });
    expect(rows.map((r) => [r.keyHash, r.limit, r.used])).toEqual([
      [hashApiKey(supplierConfig("b").apiKey), 10, 1],
      [hashApiKey(supplierConfig("main").apiKey), 100, 1],
    ]);
  });

  it("lets b buy while main is blocked by a 429", async () => {
    const main = budgetOf("main");
    await main.acquire("purchase");
    await main.report({ status: 429, retryAfterSeconds: 30, acquiredAt: start });
    await expect(main.acquire("purchase", undefined, { wait: false })).rejects.toBeInstanceOf(BudgetSpentError);
    await expect(budgetOf("b").acquire("purchase", undefined, { wait: false })).resolves.toBeUndefined();
  });

  it("lets main buy when b's minute is spent", async () => {
    const b = budgetOf("b");
    for (let i = 0; i < 10; i++) await b.acquire("purchase", undefined, { wait: false });
    await expect(b.acquire("purchase", undefined, { wait: false })).rejects.toBeInstanceOf(BudgetSpentError);
    await expect(budgetOf("main").acquire("purchase", undefined, { wait: false })).resolves.toBeUndefined();
    expect((await budgetOf("main").snapshot()).used).toBe(1);
  });
});
