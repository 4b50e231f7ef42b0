// The orders list, search and overview stay fast with 100,000 orders: rows are bulk-inserted
// with SQL (seconds, not minutes), then every list query must answer well under a second.
import Database from "better-sqlite3";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getHealth } from "@/lib/admin/overview/health";
import { getSalesSummary } from "@/lib/admin/overview/sales";
import { parseOrderFilters } from "@/lib/admin/orders/filters";
import { listAdminOrders } from "@/lib/admin/orders/list";
import { setSessionOverrideForTests } from "@/lib/auth/guards";
import { env } from "@/lib/env";
import { actAs, createRoleUsers, type TestUsers } from "../auth/helpers";

const total = 100_000;
const types = ["gift_card", "game_card", "direct_topup"];
const states = ["completed", "completed", "completed", "paid", "refunded", "partially_refunded", "cancelled"];
let users: TestUsers;

beforeAll(() => {
  const sqlite = new Database(env.DATABASE_URL.replace(/^file:/, ""));
  const t0 = Date.parse("2026-01-01T00:00:00Z");
  const insOrder = sqlite.prepare(`INSERT INTO "Order" (id, token, email, status, currency, total, createdAt, updatedAt) VALUES (?, ?, ?, ?, 'USD', 10, ?, ?)`);
  const insLine = sqlite.prepare(
    `INSERT INTO "OrderLine" (id, orderId, itemCode, productName, productType, brand, quantity, unitCost, unitPrice, lineTotal, currency, status, upstreamOrderId, upstreamOrderNo, deliveredAt, createdAt, updatedAt)
     VALUES (?, ?, 'SKU', 'Product', ?, 'B', 1, 9, 10, 10, 'USD', ?, ?, ?, ?, ?, ?)`,
  );
  sqlite.transaction(() => {
    for (let i = 0; i < total; i++) {
      const at = new Date(t0 + i * 60_000).toISOString();
      const status = states[i % states.length];
      insOrder.run(`o${i}`, `t${i}`, `buyer${i % 5000}@example.test`, status, at, at);
      insLine.run(`l${i}`, `o${i}`, types[i % 3], status === "paid" ? "pending_upstream" : "delivered", 100_000 + i, `ORD-2026-${String(100_000 + i).padStart(6, "0")}`, at, at, at);
    }
  })();
  sqlite.close();
  return createRoleUsers("scale").then((u) => {
    users = u;
  });
}, 120_000);
afterEach(() => setSessionOverrideForTests(undefined));

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const start = performance.now();
  const result = await run();
  return { ms: performance.now() - start, result };
}

describe("with 100,000 orders", () => {
  const cases: [string, Record<string, string>][] = [
    ["the first page", {}],
    ["a deep page", { page: "200" }],
    ["a state filter", { state: "paid" }],
    ["a product type filter", { type: "direct_topup" }],
    ["an email filter", { email: "buyer42@example.test" }],
    ["a date range", { from: "2026-01-10", to: "2026-01-12" }],
    ["a search by upstream order_no", { q: "ORD-2026-150000" }],
    ["a search by upstream order_id", { q: "150001" }],
    ["a search by shop order id", { q: "o77777" }],
  ];
  for (const [name, params] of cases) {
    it(`lists ${name} in under a second`, async () => {
      actAs(users.support);
      const { ms, result } = await timed(() => listAdminOrders(parseOrderFilters(params)));
      expect(result.rows.length).toBeGreaterThan(0);
      expect(ms).toBeLessThan(1000);
    });
  }

  it("computes the overview health in under a second", async () => {
    const { ms, result } = await timed(() => getHealth(new Date("2026-03-15T00:00:00Z")));
    expect(result.pending.count).toBeGreaterThan(10_000);
    expect(ms).toBeLessThan(1000);
  });

  it("sums 30 days of sales (about 43,000 delivered lines) in under two seconds", async () => {
    const { ms, result } = await timed(() => getSalesSummary(new Date("2026-02-20T00:00:00Z")));
    expect(result.d30.lines).toBeGreaterThan(30_000);
    expect(ms).toBeLessThan(2000);
  });
});
