// Each supplier's metrics (docs/operations.md#metrics): its calls, its request budget and its
// wallet are series of their own, labelled with the supplier, so a dashboard tells main from b.
import { afterAll, beforeAll, expect, it } from "vitest";
import { db } from "@/lib/db";
import { resetEnvForTests } from "@/lib/env";
import { observeUpstreamCall } from "@/lib/metrics/observe";
import { hashApiKey } from "@/lib/upstream/db-budget";
import { walletIdOf } from "@/lib/wallet/wallet-row";
import { apiKey } from "../orders/harness";
import { scrapeMetrics } from "../operations/metrics-scrape";
import { bKey, createTwoSuppliers, type TwoSuppliers } from "./two-suppliers";

const token = "metrics-token-0123456789abcdef";
let two: TwoSuppliers;

beforeAll(async () => {
  two = await createTwoSuppliers();
  process.env.METRICS_TOKEN = token;
  resetEnvForTests();
});
afterAll(async () => {
  delete process.env.METRICS_TOKEN;
  await two.close();
});

it("gives each supplier's request budget and wallet as series of their own", async () => {
  const now = two.h.now();
  await db.upstreamBudget.deleteMany();
  await db.upstreamBudget.create({ data: { keyHash: hashApiKey(apiKey), limit: 100, windowStart: now, used: 3 } });
  await db.upstreamBudget.create({ data: { keyHash: hashApiKey(bKey), limit: 60, windowStart: now, used: 7 } });
  for (const [supplier, estimate] of [
    ["main", "250.00"],
    ["b", "40.00"],
  ] as const) {
    const state = { estimate, balance: estimate, readAt: now, pausedAt: supplier === "b" ? now : null };
    await db.upstreamWallet.upsert({
      where: { id: walletIdOf(supplier) },
      create: { id: walletIdOf(supplier), ...state },
      update: state,
    });
  }

  const value = await scrapeMetrics(token);
  expect({
    mainUsed: value("shop_upstream_budget_used", { supplier: "main" }),
    mainLimit: value("shop_upstream_budget_limit", { supplier: "main" }),
    bUsed: value("shop_upstream_budget_used", { supplier: "b" }),
    bLimit: value("shop_upstream_budget_limit", { supplier: "b" }),
    mainEstimate: value("shop_wallet_balance_estimate", { supplier: "main" }),
    bEstimate: value("shop_wallet_balance_estimate", { supplier: "b" }),
    mainPaused: value("shop_wallet_sales_paused", { supplier: "main" }),
    bPaused: value("shop_wallet_sales_paused", { supplier: "b" }),
  }).toEqual({
    mainUsed: 3,
    mainLimit: 100,
    bUsed: 7,
    bLimit: 60,
    mainEstimate: 250,
    bEstimate: 40,
    mainPaused: 0,
    bPaused: 1,
  });
});

it("counts each supplier's calls under its own name", async () => {
  const before = await scrapeMetrics(token);
  observeUpstreamCall({ method: "GET", path: "/balance", status: 200, durationMs: 12, supplier: "b" });
  const after = await scrapeMetrics(token);
  const moved = (labels: Record<string, string>) =>
    after("shop_upstream_requests_total", labels) - before("shop_upstream_requests_total", labels);
  expect(moved({ supplier: "b", endpoint: "GET /balance" })).toBe(1);
  expect(moved({ supplier: "main", endpoint: "GET /balance" })).toBe(0);
});
