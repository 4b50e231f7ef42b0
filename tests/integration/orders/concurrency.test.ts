// Many buyers, flaky upstream, several reconciler processes: every paid line ends delivered or
// refunded (docs/money-rules.md#m3), no line is ever bought twice (docs/money-rules.md#m2), and the money adds up
// (docs/money-rules.md#m7).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, Prisma } from "@/lib/db";
import { fulfilPaidOrder } from "@/lib/orders/fulfilment/fulfil-order";
import { reconcileOnce } from "@/lib/orders/reconcile";
import { refreshLineByUpstreamOrderId } from "@/lib/orders/fulfilment/refresh-line";
import { setUpstream, UpstreamClient, IdempotencyConflictError } from "@/lib/upstream";
import { checkout, createHarness, apiKey, type Harness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ settleMs: 3000 });
});
afterAll(async () => h.close());

type SandboxOrder = { idempotency_key: string | null; status: string; amount: string };

describe("concurrency and idempotency", () => {
  it("survives 20 concurrent checkouts of one SKU with injected 500s and 429s: all paid lines terminal, zero duplicates, money adds up", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        checkout(h, [{ itemCode: "TEST-INSTANT", quantity: 1 + (i % 3) }], { email: `b${i}@example.com` }),
      ),
    );
    const paid = results.filter((r) => r.ok);
    expect(paid.length).toBe(20);
    const balanceBefore = new Prisma.Decimal(h.control.getBalance());
    h.control.setFaults({ serverErrorRate: 0.3, rateLimitNext: 5, dropNextPurchases: 2 });
    await Promise.all(paid.map((r) => (r.ok ? fulfilPaidOrder(r.orderId, h.now()) : null)));
    h.control.setFaults({ serverErrorRate: 0 });
    for (let i = 0; i < 40; i++) {
      await h.advance(20_000);
      await Promise.all([
        reconcileOnce({ now: h.now(), owner: "proc-a" }),
        reconcileOnce({ now: h.now(), owner: "proc-b" }),
      ]);
      if ((await db.orderLine.count({ where: { status: { notIn: ["delivered", "refunded", "cancelled"] } } })) === 0)
        break;
    }
    const lines = await db.orderLine.findMany({ where: { order: { email: { startsWith: "b" } } } });
    expect(lines).toHaveLength(20);
    const ids = lines.map((l) => l.id);
    expect(await db.upstreamCall.count({ where: { lineId: { in: ids }, httpStatus: 500 } })).toBeGreaterThan(0);
    expect(await db.upstreamCall.count({ where: { lineId: { in: ids }, httpStatus: 429 } })).toBeGreaterThan(0);
    expect(await db.upstreamCall.count({ where: { lineId: { in: ids }, httpStatus: null } })).toBeGreaterThan(0); // dropped answers
    for (const l of lines) expect(["delivered", "refunded"]).toContain(l.status);

    const upstream = h.control.listOrders() as SandboxOrder[];
    const keys = lines.map((l) => l.idempotencyKey);
    const ours = upstream.filter((o) => keys.includes(o.idempotency_key));
    expect(new Set(ours.map((o) => o.idempotency_key)).size).toBe(ours.length); // one order per key
    expect(ours.filter((o) => o.status === "completed")).toHaveLength(
      lines.filter((l) => l.status === "delivered").length,
    );

    // Money: payments = sum of lines; refunds = refunded lines; wallet moved by what was delivered.
    const payments = await db.payment.findMany({
      where: { status: "succeeded", order: { email: { startsWith: "b" } } },
    });
    const refunds = await db.refund.findMany({ where: { lineId: { in: lines.map((l) => l.id) } } });
    const sum = (xs: Prisma.Decimal[]) => xs.reduce((a, b) => a.plus(b), new Prisma.Decimal(0));
    expect(sum(payments.map((p) => p.amount)).toFixed(2)).toBe(sum(lines.map((l) => l.lineTotal)).toFixed(2));
    expect(sum(refunds.map((r) => r.amount)).toFixed(2)).toBe(
      sum(lines.filter((l) => l.status === "refunded").map((l) => l.lineTotal)).toFixed(2),
    );
    const spent = sum(ours.filter((o) => o.status === "completed").map((o) => new Prisma.Decimal(o.amount)));
    expect(balanceBefore.minus(new Prisma.Decimal(h.control.getBalance())).toFixed(2)).toBe(spent.toFixed(2));
    expect(sum(lines.filter((l) => l.status === "delivered").map((l) => l.upstreamAmount!)).toFixed(2)).toBe(
      spent.toFixed(2),
    );
  });

  it("lets only one of two reconciler processes work a line (lease)", async () => {
    const r = await checkout(h, [{ itemCode: "TEST-INSTANT" }]);
    if (!r.ok) throw new Error(r.message);
    await Promise.all([reconcileOnce({ now: h.now(), owner: "p1" }), reconcileOnce({ now: h.now(), owner: "p2" })]);
    const line = await db.orderLine.findFirstOrThrow({ where: { orderId: r.orderId } });
    expect(line.status).toBe("delivered");
    expect(await db.upstreamCall.count({ where: { lineId: line.id, endpoint: "POST /orders" } })).toBe(1);
  });

  it("reads the order named by a 409 idempotency_conflict instead of buying again", async () => {
    const real = new UpstreamClient({
      baseUrl: "http://sandbox.test/sandbox/v1",
      apiKey,
      fetch: h.sandbox.fetch,
      budget: null,
    });
    const conflicting = Object.create(real) as UpstreamClient;
    conflicting.purchase = async (input, opts) => {
      const order = await real.purchase(input, opts); // the first attempt went through…
      throw new IdempotencyConflictError({ status: 409, state: "idempotency_conflict", orderId: order.orderId }); // …but we only saw a 409
    };
    const r = await checkout(h, [{ itemCode: "TEST-INSTANT" }]);
    if (!r.ok) throw new Error(r.message);
    setUpstream(conflicting);
    try {
      await fulfilPaidOrder(r.orderId, h.now());
    } finally {
      setUpstream(real);
    }
    const line = await db.orderLine.findFirstOrThrow({ where: { orderId: r.orderId } });
    expect(line.status).toBe("delivered");
    expect(
      (h.control.listOrders() as SandboxOrder[]).filter((o) => o.idempotency_key === line.idempotencyKey),
    ).toHaveLength(1);
  });

  it("moves a pending line when the webhook path refreshes it, and reports unknown orders", async () => {
    expect(await refreshLineByUpstreamOrderId(987654321, { kind: "poll" })).toBe("unknown_order");
    const r = await checkout(h, [{ itemCode: "TEST-PENDING" }]);
    if (!r.ok) throw new Error(r.message);
    await fulfilPaidOrder(r.orderId, h.now());
    const line = await db.orderLine.findFirstOrThrow({ where: { orderId: r.orderId } });
    expect(
      await refreshLineByUpstreamOrderId(line.upstreamOrderId!, { kind: "webhook", deliveryId: "wh_1" }, h.now()),
    ).toBe("unchanged");
    await h.advance(3_500);
    expect(
      await refreshLineByUpstreamOrderId(line.upstreamOrderId!, { kind: "webhook", deliveryId: "wh_2" }, h.now()),
    ).toBe("updated");
    const after = await db.orderLine.findUniqueOrThrow({ where: { id: line.id } });
    expect(after.status).toBe("delivered");
    const event = await db.orderEvent.findFirstOrThrow({ where: { lineId: line.id, toStatus: "delivered" } });
    expect(event.cause).toBe("webhook");
    expect(event.causeRef).toBe("wh_2");
  });
});
