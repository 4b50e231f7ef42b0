// Review of the money design (found by the chaos test at CHAOS_RUNS=200, default seed): a process
// that dies DURING the purchase call (the upstream made the order; the answer never came back)
// leaves no `unknownOutcomeAt`, because only a caught error sets it. The next worker replays the
// key; an upstream that checks stock before it looks the key up answers "out of stock" with no
// order id — and the shop believes it: the line is refunded while the supplier order it paid for
// completed. Shop pays the supplier and refunds the shopper.
import crypto from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { leaseMs } from "@/lib/orders/core/line-lease";
import { fulfilPaidOrder } from "@/lib/orders/fulfilment/fulfil-order";
import { reconcileOnce } from "@/lib/orders/reconcile";
import { setUpstream, UpstreamClient } from "@/lib/upstream";
import { apiKey, createHarness, seedPaidOrder, type Harness } from "../orders/harness";
import { settle } from "./money-harness";

let h: Harness;
beforeAll(async () => (h = await createHarness()));
afterAll(async () => h.close());
afterEach(() => {
  h.control.setFaults({ outOfStockOnReplayNext: 0 });
  h.control.publishChanges({ priceChanges: { "TEST-INSTANT": "1.00" } });
  installUpstreamFetch(h.sandbox.fetch);
});

function installUpstreamFetch(fetch: typeof globalThis.fetch) {
  setUpstream(
    new UpstreamClient({
      baseUrl: "http://sandbox.test/sandbox/v1",
      apiKey,
      fetch,
      budget: null,
      timeoutMs: 5000,
      purchaseTimeoutMs: 5000,
    }),
  );
}

/** A paid line whose purchase reached the upstream (order made) while its process died; returns once the order exists. */
async function purchaseThenDie(
  item: { itemCode: string; fields?: Record<string, string> } = { itemCode: "TEST-INSTANT" },
) {
  let purchases = 0;
  installUpstreamFetch((async (input: RequestInfo | URL, init?: RequestInit) => {
    const res = await h.sandbox.fetch(input, init);
    if (init?.method === "POST" && /\/v1\/orders$/.test(String(input)) && purchases++ === 0)
      return new Promise<never>(() => undefined);
    return res;
  }) as typeof fetch);
  const { order, line } = await seedPaidOrder(h, item);
  await db.orderLine.update({ where: { id: line.id }, data: { createdAt: h.now() } }); // quoted now
  void fulfilPaidOrder(order.id, h.now()); // hangs for ever: the dead process
  await expect
    .poll(async () => (await db.orderLine.findUniqueOrThrow({ where: { id: line.id } })).idempotencyKey)
    .not.toBeNull();
  const key = (await db.orderLine.findUniqueOrThrow({ where: { id: line.id } })).idempotencyKey;
  await expect.poll(() => h.control.listOrders().filter((o) => o.idempotency_key === key).length).toBe(1);
  installUpstreamFetch(h.sandbox.fetch);
  return { line, key };
}

describe("a process that dies while its purchase call is in flight", () => {
  it("is not refunded because the supplier's price rose meanwhile: the order it made is delivered (chaos seed 7)", async () => {
    const { line, key } = await purchaseThenDie();
    // The supplier raises the price; the dead process's lease runs out and the quote is old.
    h.control.publishChanges({ priceChanges: { "TEST-INSTANT": "1.60" } });
    await h.advance(Math.max(leaseMs, 6 * 60_000) + 1000);
    await reconcileOnce({ now: h.now() });
    await settle(h, {
      max: 5,
      done: async () =>
        ["delivered", "refunded"].includes((await db.orderLine.findUniqueOrThrow({ where: { id: line.id } })).status),
    });
    const row = await db.orderLine.findUniqueOrThrow({ where: { id: line.id } });
    const upstream = h.control.listOrders().filter((o) => o.idempotency_key === key);
    expect(upstream.map((o) => o.status)).toEqual(["completed"]);
    expect({ status: row.status, upstreamOrderId: row.upstreamOrderId }).toEqual({
      status: "delivered",
      upstreamOrderId: upstream[0]!.order_id,
    });
  });

  it("is not refunded on a later refusal without an order id: the order it made is found and delivered", async () => {
    const { line, key } = await purchaseThenDie();
    // Another process takes the line over once the dead one's lease has run out; its replay of
    // the key is answered "out of stock" without an order id (stock checked before the key).
    h.control.setFaults({ outOfStockOnReplayNext: 1 });
    await h.advance(leaseMs + 1000);
    await reconcileOnce({ now: h.now() });
    await settle(h, {
      max: 5,
      done: async () =>
        ["delivered", "refunded"].includes((await db.orderLine.findUniqueOrThrow({ where: { id: line.id } })).status),
    });

    const row = await db.orderLine.findUniqueOrThrow({ where: { id: line.id } });
    const upstream = h.control.listOrders().filter((o) => o.idempotency_key === key);
    expect(upstream.map((o) => o.status)).toEqual(["completed"]);
    expect({
      status: row.status,
      upstreamOrderId: row.upstreamOrderId,
      refunds: await db.refund.count({ where: { lineId: line.id } }),
    }).toEqual({
      status: "delivered",
      upstreamOrderId: upstream[0]!.order_id,
      refunds: 0,
    });
  });

  it("is not refunded when the top-up's account details can no longer be decrypted: the order it made is kept", async () => {
    const { line, key } = await purchaseThenDie({ itemCode: "TEST-TOPUP", fields: { player_id: "123456" } });
    // CODES_ENCRYPTION_KEY rotated without re-encryption: the stored fields cannot be read any more.
    const foreign = Buffer.concat([crypto.randomBytes(12), crypto.randomBytes(16), crypto.randomBytes(24)]).toString(
      "base64",
    );
    await db.orderLine.update({ where: { id: line.id }, data: { fieldsEnc: `v1:${foreign}` } });
    await h.advance(leaseMs + 1000);
    await reconcileOnce({ now: h.now() });
    await settle(h, {
      max: 5,
      done: async () =>
        ["delivered", "refunded"].includes((await db.orderLine.findUniqueOrThrow({ where: { id: line.id } })).status),
    });
    const row = await db.orderLine.findUniqueOrThrow({ where: { id: line.id } });
    const upstream = h.control.listOrders().filter((o) => o.idempotency_key === key);
    expect(upstream.map((o) => o.status)).toEqual(["completed"]);
    expect({ status: row.status, upstreamOrderId: row.upstreamOrderId }).toEqual({
      status: expect.not.stringMatching(/failed|refunded/),
      upstreamOrderId: upstream[0]!.order_id,
    });
  });
});
