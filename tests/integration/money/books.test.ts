// The books check finds each kind of money problem (so a clean result after the chaos test
// means something), and the admin overview shows it to staff.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { setSessionOverrideForTests } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { getMoneyHealth } from "@/lib/admin/overview/money-health";
import { compareWithSupplier } from "@/lib/admin/overview/money-health";
import { checkBooks } from "@/lib/orders/books/books";
import { createHarness } from "../orders/harness";
import { buy } from "./money-harness";
import { actAs, createRoleUsers, type TestUsers } from "../auth/helpers";

const now = new Date("2026-11-25T12:00:00Z");
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
let n = 0;
let users: TestUsers;
beforeAll(async () => (users = await createRoleUsers("books")));
afterEach(() => setSessionOverrideForTests(undefined));

/** One order of one line, paid 1.10 (captured), in the given shape. */
async function order(
  shape: {
    line?: Record<string, unknown>;
    order?: Record<string, unknown>;
    payment?: Record<string, unknown>;
    at?: Date;
  } = {},
) {
  const at = shape.at ?? hoursAgo(1);
  const o = await db.order.create({
    data: {
      token: `books-${++n}`,
      email: "b@example.test",
      currency: "USD",
      total: "1.10",
      status: "completed",
      createdAt: at,
      ...shape.order,
      lines: {
        create: {
          itemCode: "TEST-INSTANT",
          productName: "T",
          productType: "test",
          brand: "S",
          quantity: 1,
          unitCost: "1.00",
          unitPrice: "1.10",
          lineTotal: "1.10",
          currency: "USD",
          status: "delivered",
          createdAt: at,
          ...shape.line,
        },
      },
      payments: {
        create: {
          provider: "test",
          providerRef: `tp_books_${n}`,
          amount: "1.10",
          currency: "USD",
          status: "succeeded",
          createdAt: at,
          ...shape.payment,
        },
      },
    },
    include: { lines: true, payments: true },
  });
  return { order: o, line: o.lines[0]!, payment: o.payments[0]! };
}

async function refund(
  o: Awaited<ReturnType<typeof order>>,
  r: {
    amount?: string;
    status?: string;
    kind?: string;
    lineId?: string | null;
    createdAt?: Date;
    failureReason?: string;
  },
) {
  await db.refund.create({
    data: {
      orderId: o.order.id,
      paymentId: o.payment.id,
      lineId: r.lineId === undefined ? o.line.id : r.lineId,
      kind: r.kind ?? "failed_line",
      dedupeKey: `books:${++n}`,
      amount: r.amount ?? "1.10",
      currency: "USD",
      status: r.status ?? "succeeded",
      reason: "x",
      failureReason: r.failureReason,
      createdAt: r.createdAt ?? hoursAgo(1),
    },
  });
}

const kinds = async (orderId: string) => (await checkBooks({ orderIds: [orderId], now })).problems.map((p) => p.kind);

describe("the books check", () => {
  it("passes a delivered order, a refunded one and a short delivery refunded for its missing codes", async () => {
    const delivered = await order();
    const refunded = await order({ line: { status: "refunded" }, order: { status: "refunded" } });
    await refund(refunded, {});
    const short = await order({
      line: { quantity: 2, lineTotal: "2.20", deliveredQuantity: 1 },
      order: { total: "2.20", status: "partially_refunded" },
      payment: { amount: "2.20" },
    });
    await refund(short, { kind: "short_delivery" });
    for (const o of [delivered, refunded, short]) expect(await kinds(o.order.id)).toEqual([]);
  });

  it("finds money kept for nothing delivered, a line both delivered and refunded, and a refund above the line", async () => {
    expect(
      await kinds((await order({ line: { status: "refunded" }, order: { status: "refunded" } })).order.id),
    ).toEqual(["unbalanced"]);
    const both = await order();
    await refund(both, {});
    expect(await kinds(both.order.id)).toEqual(expect.arrayContaining(["delivered_and_refunded", "unbalanced"]));
    const twice = await order({ line: { status: "refunded" }, order: { status: "refunded" } });
    await refund(twice, {});
    await refund(twice, {});
    expect(await kinds(twice.order.id)).toEqual(expect.arrayContaining(["over_refunded", "unbalanced"]));
  });

  it("finds a paid line left without a supplier order past its deadline, and a sale below cost", async () => {
    const stuck = await order({
      line: { status: "paid", createdAt: hoursAgo(3), updatedAt: hoursAgo(3) },
      order: { status: "paid" },
      at: hoursAgo(3),
    });
    expect(await kinds(stuck.order.id)).toEqual(["unresolved"]);
    expect(
      await kinds((await order({ line: { upstreamAmount: "1.60", upstreamOrderId: 9_000_001 } })).order.id),
    ).toEqual(["sold_below_cost"]);
  });

  it("forgets a refused refund once a later attempt for the same line went through", async () => {
    const retried = await order({ line: { status: "refunded" }, order: { status: "refunded" } });
    await db.refund.create({
      data: {
        orderId: retried.order.id,
        paymentId: retried.payment.id,
        lineId: retried.line.id,
        kind: "failed_line",
        dedupeKey: `line:${retried.line.id}:failed_line:1`,
        amount: "1.10",
        currency: "USD",
        status: "failed",
        reason: "x",
        createdAt: hoursAgo(2),
      },
    });
    await db.refund.create({
      data: {
        orderId: retried.order.id,
        paymentId: retried.payment.id,
        lineId: retried.line.id,
        kind: "failed_line",
        dedupeKey: `line:${retried.line.id}:failed_line:2`,
        amount: "1.10",
        currency: "USD",
        status: "succeeded",
        reason: "x",
        createdAt: hoursAgo(1),
      },
    });
    expect(await kinds(retried.order.id)).toEqual([]);
  });

  it("finds refunds the provider refused and refunds open for too long", async () => {
    const refused = await order({ line: { status: "failed" }, order: { status: "paid" } });
    await refund(refused, { status: "failed", failureReason: "card expired" });
    expect(await kinds(refused.order.id)).toEqual(["refund_refused"]);
    const open = await order({ line: { status: "failed" }, order: { status: "paid" } });
    await refund(open, { status: "pending", createdAt: hoursAgo(2) });
    expect(await kinds(open.order.id)).toEqual(["refund_stuck"]);
  });

  it("compares with the supplier's order list: an order no line owns, a line whose order the supplier does not list", async () => {
    const owned = await order({ line: { upstreamOrderId: 9_100_001 } });
    const problems = (
      await checkBooks({
        orderIds: [owned.order.id],
        now,
        upstreamOrders: [
          { orderId: 9_100_001, status: "completed" },
          { orderId: 9_100_002, status: "completed" },
          { orderId: 9_100_003, status: "failed" },
        ],
      })
    ).problems;
    expect(problems.map((p) => [p.kind, p.detail])).toEqual([
      ["upstream_order_without_line", expect.stringContaining("9100002")],
    ]);
    const lost = await order({ line: { upstreamOrderId: 9_100_010 } });
    const missing = (
      await checkBooks({ orderIds: [lost.order.id], now, upstreamOrders: [{ orderId: 9_100_011, status: "failed" }] })
    ).problems;
    expect(missing.map((p) => p.kind)).toContain("line_without_upstream_order");
  });
});

describe("the overview's money panel", () => {
  it("shows staff the books and the lines that need a person; refuses shoppers", async () => {
    await order({ line: { attentionReason: "Short delivery: 1 of 2", attentionAt: now } });
    actAs(users.support);
    const health = await getMoneyHealth(now);
    expect(health.books.checkedOrders).toBeGreaterThan(0);
    expect(health.attention.lines.map((l) => l.attentionReason)).toContain("Short delivery: 1 of 2");
    actAs(users.shopper);
    await expect(getMoneyHealth(now)).rejects.toThrow();
  });
});

describe("comparing with the supplier's order list", () => {
  it("matches the supplier's orders to the shop's lines one to one, and names an order no line owns", async () => {
    const h = await createHarness();
    try {
      await db.orderLine.updateMany({ where: { upstreamOrderId: { not: null } }, data: { upstreamOrderId: null } });
      for (const sku of ["TEST-INSTANT", "TEST-PENDING", "TEST-FAIL"]) await buy(h, sku);
      actAs(users.staff);
      expect((await compareWithSupplier(h.now())).problems).toEqual([]);
      // Another client of the same API key buys directly: the shop did not buy that one.
      await h.sandbox.fetch("http://sandbox.test/sandbox/v1/orders", {
        method: "POST",
        headers: {
          "X-API-Key": "sandbox_test_key_0123456789",
          "Content-Type": "application/json",
          "Idempotency-Key": "foreign-books",
        },
        body: JSON.stringify({ item_code: "TEST-INSTANT", quantity: 1 }),
      });
      const r = await compareWithSupplier(h.now());
      expect(r.problems.map((p) => p.kind)).toEqual(["upstream_order_without_line"]);
      actAs(users.support);
      await expect(compareWithSupplier(h.now())).rejects.toThrow();
    } finally {
      await h.close();
    }
  });
});
