// Every purchase outcome (docs/upstream-contract.md#48-purchase, docs/upstream-contract.md#7-errors) against the in-process sandbox
// (webhooks off).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { decryptJson } from "@/lib/crypto/codes-cipher";
import { fulfilPaidOrder } from "@/lib/orders/fulfilment/fulfil-order";
import { reconcileOnce } from "@/lib/orders/reconcile";
import { checkout, createHarness, linesOf, seedPaidOrder, type Harness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ settleMs: 3000 });
});
afterAll(async () => h.close());

async function paidOrder(itemCode: string, quantity = 1, beforePurchase?: () => void) {
  const r = await checkout(h, [{ itemCode, quantity }]);
  if (!r.ok) throw new Error(r.message);
  beforePurchase?.();
  await fulfilPaidOrder(r.orderId, h.now());
  return r;
}

function upstreamOrdersFor(key: string | null) {
  return h.control.listOrders().filter((o: { idempotency_key: string | null }) => o.idempotency_key === key);
}

/** Runs the reconciler until nothing is due or `passes` runs out, moving the clock 20 s each time. */
async function settle(passes = 30) {
  for (let i = 0; i < passes; i++) {
    await h.advance(20_000);
    await reconcileOnce({ now: h.now() });
  }
}

describe("fulfilment outcomes", () => {
  it("delivers TEST-INSTANT with its codes encrypted at rest and emails that carry no code", async () => {
    const r = await paidOrder("TEST-INSTANT", 2);
    const [line] = await linesOf(r.token);
    expect(line!.status).toBe("delivered");
    const codes = decryptJson<{ code: string }[]>(line!.codesEnc!);
    expect(codes).toHaveLength(2);
    expect(line!.codesEnc).not.toContain(codes[0]!.code);
    const emails = await db.outboxEmail.findMany({ where: { orderId: line!.orderId } });
    expect(emails.map((e) => e.kind).sort()).toEqual(["delivered", "order_received"]);
    for (const e of emails) expect(e.text).not.toContain(codes[0]!.code);
    expect(upstreamOrdersFor(line!.idempotencyKey)).toHaveLength(1);
  });

  it("keeps a TEST-PENDING line pending without refund as time passes, then delivers it by polling with webhooks off", async () => {
    const r = await paidOrder("TEST-PENDING");
    let [line] = await linesOf(r.token);
    expect(line!.status).toBe("pending_upstream");
    expect(line!.nextCheckAt!.getTime() - h.now().getTime()).toBeGreaterThanOrEqual(10_000);
    expect(line!.nextCheckAt!.getTime() - h.now().getTime()).toBeLessThanOrEqual(30_000);
    await reconcileOnce({ now: h.now() }); // not due yet: nothing happens
    [line] = await linesOf(r.token);
    expect(line!.status).toBe("pending_upstream");
    expect(await db.refund.count({ where: { lineId: line!.id } })).toBe(0);
    await settle(3);
    [line] = await linesOf(r.token);
    expect(line!.status).toBe("delivered");
    expect(line!.codesEnc).not.toBeNull();
    expect(upstreamOrdersFor(line!.idempotencyKey)).toHaveLength(1);
  });

  it("refunds a line whose pending upstream order later fails (TEST-PENDING-FAIL)", async () => {
    const r = await paidOrder("TEST-PENDING-FAIL");
    expect((await linesOf(r.token))[0]!.status).toBe("pending_upstream");
    await settle(3);
    const [line] = await linesOf(r.token);
    expect(line!.status).toBe("refunded");
    const refund = await db.refund.findFirstOrThrow({ where: { lineId: line!.id } });
    expect(refund.amount.toFixed(2)).toBe(line!.lineTotal.toFixed(2));
    expect(refund.status).toBe("succeeded");
    const order = await db.order.findUniqueOrThrow({ where: { id: line!.orderId } });
    expect(order.status).toBe("refunded");
    expect(await db.outboxEmail.count({ where: { orderId: order.id, kind: "refunded" } })).toBe(1);
  });

  // docs/money-rules.md#m4
  it("reads back a 400 that carries an order_id before refunding TEST-FAIL", async () => {
    const r = await paidOrder("TEST-FAIL");
    const [line] = await linesOf(r.token);
    expect(line!.status).toBe("refunded");
    const calls = await db.upstreamCall.findMany({ where: { lineId: line!.id }, orderBy: { createdAt: "asc" } });
    expect(calls.map((c) => c.endpoint)).toEqual(["POST /orders", "GET /orders/{id}"]);
    expect(calls[0]!.httpStatus).toBe(400);
    expect(line!.failureReason).toMatch(/could not complete/);
  });

  it("refunds when the item is out of stock at purchase time, with nothing debited", async () => {
    const before = h.control.getBalance();
    const { line } = await seedPaidOrder(h, { itemCode: "TEST-OOS" });
    await fulfilPaidOrder(line.orderId, h.now());
    const after = await db.orderLine.findUniqueOrThrow({ where: { id: line.id } });
    expect(after.status).toBe("refunded");
    expect(after.failureReason).toMatch(/out of stock/);
    expect(h.control.getBalance()).toBe(before);
  });

  it("refunds a SKU the upstream does not support (501)", async () => {
    const { line } = await seedPaidOrder(h, { itemCode: "TEST-UNSUPPORTED" });
    await fulfilPaidOrder(line.orderId, h.now());
    const after = await db.orderLine.findUniqueOrThrow({ where: { id: line.id } });
    expect(after.status).toBe("refunded");
    const call = await db.upstreamCall.findFirstOrThrow({ where: { lineId: line.id } });
    expect(call.httpStatus).toBe(501);
  });

  it("refunds a top-up whose fields the upstream refuses at purchase (422)", async () => {
    const { line } = await seedPaidOrder(h, { itemCode: "TEST-TOPUP", fields: { player_id: "000000" } });
    await fulfilPaidOrder(line.orderId, h.now());
    const after = await db.orderLine.findUniqueOrThrow({ where: { id: line.id } });
    expect(after.status).toBe("refunded");
    expect(after.fieldsEnc).toBeNull();
    expect(after.failureReason).toMatch(/account details/);
  });

  it("completes a line whose process died between payment and purchase (crash recovery)", async () => {
    const r = await checkout(h, [{ itemCode: "TEST-INSTANT" }]);
    if (!r.ok) throw new Error(r.message);
    expect((await linesOf(r.token))[0]!.status).toBe("paid"); // payment confirmed, purchase never called
    await reconcileOnce({ now: h.now() });
    const [line] = await linesOf(r.token);
    expect(line!.status).toBe("delivered");
    expect(upstreamOrdersFor(line!.idempotencyKey)).toHaveLength(1);
  });

  // docs/money-rules.md#m2
  it("resumes with the stored key when the process died after storing it but before calling", async () => {
    const { transitionLine } = await import("@/lib/orders/core/transition");
    const r = await checkout(h, [{ itemCode: "TEST-INSTANT" }]);
    if (!r.ok) throw new Error(r.message);
    const [paid] = await linesOf(r.token);
    await transitionLine(paid!.id, "paid", "purchasing", {
      cause: "purchase",
      message: "Buying.",
      data: { idempotencyKey: "crash-key-1" },
      now: h.now(),
    });
    await reconcileOnce({ now: h.now() });
    const [line] = await linesOf(r.token);
    expect(line!.status).toBe("delivered");
    expect(line!.idempotencyKey).toBe("crash-key-1");
    expect(upstreamOrdersFor("crash-key-1")).toHaveLength(1);
  });

  it("refuses an illegal transition and loses a race instead of double-moving", async () => {
    const { transitionLine, IllegalTransitionError } = await import("@/lib/orders/core/transition");
    const r = await paidOrder("TEST-INSTANT");
    const [line] = await linesOf(r.token);
    // delivered → refunded is legal only as a staff refund; no automatic cause may take a delivery back.
    await expect(
      transitionLine(line!.id, "delivered", "refunded", { cause: "poll", message: "x" }),
    ).rejects.toBeInstanceOf(IllegalTransitionError);
    await expect(
      transitionLine(line!.id, "delivered", "purchasing", { cause: "staff", message: "x" }),
    ).rejects.toBeInstanceOf(IllegalTransitionError);
    expect(await transitionLine(line!.id, "purchasing", "delivered", { cause: "poll", message: "x" })).toBe(false);
    const events = await db.orderEvent.count({ where: { lineId: line!.id, toStatus: "delivered" } });
    expect(events).toBe(1);
  });

  it("makes exactly one upstream order when the purchase times out after the upstream debited", async () => {
    const r = await paidOrder("TEST-INSTANT", 1, () => h.control.setFaults({ dropNextPurchases: 1 }));
    let [line] = await linesOf(r.token);
    expect(line!.status).toBe("purchasing"); // unknown, not failed
    const key = line!.idempotencyKey;
    expect(upstreamOrdersFor(key)).toHaveLength(1);
    await settle(2);
    [line] = await linesOf(r.token);
    expect(line!.status).toBe("delivered");
    expect(line!.idempotencyKey).toBe(key);
    expect(upstreamOrdersFor(key)).toHaveLength(1);
  });

  it("retries a 5xx with the same key and buys once", async () => {
    const r = await paidOrder("TEST-INSTANT", 1, () => h.control.setFaults({ failNextRequests: 1 }));
    let [line] = await linesOf(r.token);
    expect(line!.status).toBe("purchasing");
    expect(await db.upstreamCall.count({ where: { lineId: line!.id, httpStatus: 500 } })).toBe(1);
    await settle(1);
    [line] = await linesOf(r.token);
    expect(line!.status).toBe("delivered");
    expect(upstreamOrdersFor(line!.idempotencyKey)).toHaveLength(1);
  });

  it("waits out a 429 before retrying with the same key", async () => {
    const r = await paidOrder("TEST-INSTANT", 1, () => h.control.setFaults({ rateLimitNext: 1 }));
    let [line] = await linesOf(r.token);
    expect(line!.status).toBe("purchasing");
    expect(line!.nextCheckAt!.getTime()).toBeGreaterThan(h.now().getTime());
    expect(await db.upstreamCall.count({ where: { lineId: line!.id, httpStatus: 429 } })).toBe(1);
    await reconcileOnce({ now: h.now() }); // too early: still waiting
    expect((await linesOf(r.token))[0]!.status).toBe("purchasing");
    await settle(4);
    [line] = await linesOf(r.token);
    expect(line!.status).toBe("delivered");
    expect(upstreamOrdersFor(line!.idempotencyKey)).toHaveLength(1);
  });

  it("keeps retrying while the upstream wallet is empty (402), and buys once it is topped up", async () => {
    const balance = h.control.getBalance();
    const r = await paidOrder("TEST-INSTANT", 1, () => h.control.setBalance("0"));
    expect((await linesOf(r.token))[0]!.status).toBe("purchasing");
    await settle(2);
    expect((await linesOf(r.token))[0]!.status).toBe("purchasing");
    h.control.setBalance(balance);
    await settle(6);
    const [line] = await linesOf(r.token);
    expect(line!.status).toBe("delivered");
    expect(upstreamOrdersFor(line!.idempotencyKey)).toHaveLength(1);
  });

  it("refunds only the failed line of a partial order", async () => {
    const r = await checkout(h, [{ itemCode: "TEST-INSTANT" }, { itemCode: "TEST-FAIL", quantity: 2 }]);
    if (!r.ok) throw new Error(r.message);
    await fulfilPaidOrder(r.orderId, h.now());
    const lines = await linesOf(r.token);
    const byCode = Object.fromEntries(lines.map((l) => [l.itemCode, l]));
    expect(byCode["TEST-INSTANT"]!.status).toBe("delivered");
    expect(byCode["TEST-FAIL"]!.status).toBe("refunded");
    const refunds = await db.refund.findMany({ where: { orderId: r.orderId } });
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.amount.toFixed(2)).toBe(byCode["TEST-FAIL"]!.lineTotal.toFixed(2));
    const order = await db.order.findUniqueOrThrow({ where: { id: r.orderId } });
    expect(order.status).toBe("partially_refunded");
  });
});
