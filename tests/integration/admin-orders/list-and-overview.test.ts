// The orders list (filters, search by every id), CSV export, and the overview's figures:
// exact decimal sales/cost/margin, the cached balance and its low-balance warning.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getBalanceView } from "@/lib/admin/overview/balance";
import { getHealth } from "@/lib/admin/overview/health";
import { getSalesSummary } from "@/lib/admin/overview/sales";
import { parseOrderFilters } from "@/lib/admin/orders/filters";
import { listAdminOrders } from "@/lib/admin/orders/list";
import { setSessionOverrideForTests } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { setUpstream, type UpstreamClient } from "@/lib/upstream";
import { GET as exportCsv } from "@/app/(request)/admin/orders/export/route";
import { actAs, createRoleUsers, type TestUsers } from "../auth/helpers";

const now = new Date("2026-11-25T15:00:00Z");
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600_000);
let users: TestUsers;
let ids: Record<string, string>;

async function order(
  key: string,
  o: {
    email: string;
    status: string;
    createdAt: Date;
    type: string;
    lineStatus: string;
    upstreamOrderId?: number;
    upstreamOrderNo?: string;
    unitPrice: string;
    unitCost: string;
    quantity: number;
  },
) {
  const total = (Number(o.unitPrice) * o.quantity).toFixed(2);
  const row = await db.order.create({
    data: {
      token: `t_${key}`,
      email: o.email,
      status: o.status,
      currency: "USD",
      total,
      createdAt: o.createdAt,
      lines: {
        create: {
          itemCode: `SKU-${key}`,
          productName: `Product ${key}`,
          productType: o.type,
          brand: "B",
          quantity: o.quantity,
          unitPrice: o.unitPrice,
          unitCost: o.unitCost,
          lineTotal: total,
          currency: "USD",
          status: o.lineStatus,
          upstreamOrderId: o.upstreamOrderId,
          upstreamOrderNo: o.upstreamOrderNo,
          deliveredAt: o.lineStatus === "delivered" ? o.createdAt : null,
          createdAt: o.createdAt,
        },
      },
    },
  });
  return [key, row.id] as const;
}

beforeAll(async () => {
  users = await createRoleUsers("list");
  ids = Object.fromEntries([
    await order("a", {
      email: "ann@example.test",
      status: "completed",
      createdAt: hoursAgo(1),
      type: "gift_card",
      lineStatus: "delivered",
      upstreamOrderId: 9001,
      upstreamOrderNo: "ORD-2026-009001",
      unitPrice: "10.10",
      unitCost: "9.00",
      quantity: 3,
    }),
    await order("b", {
      email: "ben@example.test",
      status: "paid",
      createdAt: hoursAgo(30),
      type: "direct_topup",
      lineStatus: "pending_upstream",
      upstreamOrderId: 9002,
      upstreamOrderNo: "ORD-2026-009002",
      unitPrice: "5.00",
      unitCost: "4.50",
      quantity: 1,
    }),
    await order("c", {
      email: "ann@example.test",
      status: "completed",
      createdAt: hoursAgo(24 * 10),
      type: "game_card",
      lineStatus: "delivered",
      upstreamOrderId: 9003,
      upstreamOrderNo: "ORD-2026-009003",
      unitPrice: "0.10",
      unitCost: "0.07",
      quantity: 7,
    }),
    await order("d", {
      email: "old@example.test",
      status: "completed",
      createdAt: hoursAgo(24 * 40),
      type: "gift_card",
      lineStatus: "delivered",
      unitPrice: "100.00",
      unitCost: "1.00",
      quantity: 1,
    }),
  ]);
});
afterEach(() => setSessionOverrideForTests(undefined));
afterAll(() => setUpstream(null));

async function found(params: Record<string, string>): Promise<string[]> {
  actAs(users.support);
  const { rows } = await listAdminOrders(parseOrderFilters(params));
  return rows.map((r) => r.id).sort();
}

describe("orders list", () => {
  it("finds an order by shop order id, upstream order_no, upstream order_id and email", async () => {
    expect(await found({ q: ids.b })).toEqual([ids.b]);
    expect(await found({ q: "ORD-2026-009003" })).toEqual([ids.c]);
    expect(await found({ q: "9001" })).toEqual([ids.a]);
    expect(await found({ q: "ANN@example.test" })).toEqual([ids.a, ids.c].sort());
  });

  it("filters by state, product type, email and date range", async () => {
    expect(await found({ state: "paid" })).toEqual([ids.b]);
    expect(await found({ type: "gift_card" })).toEqual([ids.a, ids.d].sort());
    expect(await found({ email: "old@example.test" })).toEqual([ids.d]);
    expect(await found({ from: "2026-11-24", to: "2026-11-25" })).toEqual([ids.a, ids.b].sort());
  });

  it("ignores malformed filters instead of failing", async () => {
    expect((await found({ state: "bogus", from: "yesterday", page: "-3" })).length).toBe(4);
  });

  it("pages without counting the whole table", async () => {
    actAs(users.support);
    const first = await listAdminOrders(parseOrderFilters({}), 3);
    const second = await listAdminOrders(parseOrderFilters({ page: "2" }), 3);
    expect(first.hasNext).toBe(true);
    expect(second.hasNext).toBe(false);
    expect([...first.rows, ...second.rows].map((r) => r.id).sort()).toEqual(Object.values(ids).sort());
  });

  it("exports the filtered orders as CSV, one row per line, and audits the export", async () => {
    actAs(users.staff);
    const res = await exportCsv(new Request("http://shop.test/admin/orders/export?email=ann@example.test"));
    expect(res.status).toBe(200);
    const lines = (await res.text()).trim().split("\n");
    expect(lines[0]).toMatch(/^order_id,created_at,email/);
    expect(
      lines
        .slice(1)
        .map((l) => l.split(",")[0])
        .sort(),
    ).toEqual([ids.a, ids.c].sort());
    expect(lines.join("\n")).not.toMatch(/codesEnc|fieldsEnc/);
    expect(await db.auditLog.count({ where: { action: "orders.export", actorId: users.staff.id } })).toBe(1);
  });
});

describe("overview", () => {
  it("sums sales, cost and margin of delivered lines exactly, per period", async () => {
    const s = await getSalesSummary(now);
    expect(s.today).toEqual({ sales: "30.30", cost: "27.00", margin: "3.30", lines: 1 });
    expect(s.d7).toEqual(s.today); // the pending line is not a sale
    expect(s.d30).toEqual({ sales: "31.00", cost: "27.49", margin: "3.51", lines: 2 });
    expect(s.days).toHaveLength(30);
    expect(s.days.at(-1)).toEqual({ day: "2026-11-25", sales: "30.30", margin: "3.30" });
  });

  it("reports orders by state and the age of the oldest pending upstream line", async () => {
    const health = await getHealth(now);
    expect(health.ordersByState).toEqual(
      expect.arrayContaining([
        { status: "completed", count: 3 },
        { status: "paid", count: 1 },
      ]),
    );
    expect(health.pending).toEqual({ count: 1, oldestOrderId: ids.b, oldestAgeMs: 30 * 3600_000 });
  });

  it("caches the upstream balance for a minute and warns below the threshold", async () => {
    let calls = 0;
    setUpstream({
      balance: async () => ({ balance: String(150 - 60 * calls++) + ".00", currency: "USD" }),
    } as unknown as UpstreamClient);
    const first = await getBalanceView({ now });
    expect(first).toMatchObject({ balance: "150.00", low: false, threshold: "100" });
    expect((await getBalanceView({ now: new Date(now.getTime() + 30_000) })).balance).toBe("150.00");
    expect(calls).toBe(1);
    const refreshed = await getBalanceView({ now: new Date(now.getTime() + 30_000), force: true });
    expect(refreshed).toMatchObject({ balance: "90.00", low: true });
    await db.setting.create({ data: { key: "admin.lowBalanceThreshold", value: "50" } });
    expect((await getBalanceView({ now: new Date(now.getTime() + 40_000) })).low).toBe(false);
    expect(calls).toBe(2);
  });

  it("shows the last balance with an error when upstream is down", async () => {
    setUpstream({
      balance: async () => {
        throw new Error("down");
      },
    } as unknown as UpstreamClient);
    const v = await getBalanceView({ now: new Date(now.getTime() + 10 * 60_000) });
    expect(v.balance).toBe("90.00");
    expect(v.error).toMatch(/Could not read the balance/);
  });
});
