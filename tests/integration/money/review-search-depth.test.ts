// Review of the money design: after an unknown purchase outcome and a refusal without an order id,
// the shop looks for the order in GET /orders — but only in the 500 newest orders (5 pages of
// 100). In a shop busy enough to make 500 other purchases in the 30-minute search window (the API
// key's whole order history is listed, newest first), the order is beyond the pages read, the
// search answers "searchable, not found", and the line is refunded although its order completed.
import crypto from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { fulfilPaidOrder } from "@/lib/orders/fulfilment/fulfil-order";
import { ordersUpstream } from "@/lib/orders/core/upstream-port";
import { createHarness, seedPaidOrder, type Harness, installSandboxClient } from "../orders/harness";
import { settle } from "./money-harness";

let h: Harness;
beforeAll(async () => (h = await createHarness()));
afterAll(async () => h.close());
afterEach(() => {
  h.control.setFaults({ responseDelayMs: 0, responseDelayNextPurchases: 0, outOfStockOnReplayNext: 0 });
  installSandboxClient(h.sandbox, 5000);
});

describe("the order search after an unknown outcome, in a busy shop", () => {
  it("does not refund a line whose order exists but is older than the 500 newest", { timeout: 120_000 }, async () => {
    h.control.setOptions({ rateLimit: 1_000_000 });
    installSandboxClient(h.sandbox, 50);
    h.control.setFaults({ responseDelayMs: 300, responseDelayNextPurchases: 1 });
    const { order, line } = await seedPaidOrder(h, { itemCode: "TEST-INSTANT" });
    await fulfilPaidOrder(order.id, h.now());
    const key = (await db.orderLine.findUniqueOrThrow({ where: { id: line.id } })).idempotencyKey;
    await expect.poll(() => h.control.listOrders().filter((o) => o.idempotency_key === key).length).toBe(1);
    installSandboxClient(h.sandbox, 5000);

    // Other shoppers' purchases (another SKU) over the next minutes: 520 newer supplier orders.
    for (let i = 0; i < 520; i++) {
      if (i % 100 === 0) await h.advance(60_000);
      await ordersUpstream().purchase(
        { itemCode: "TEST-PENDING", quantity: 1, email: "other@example.com" },
        { idempotencyKey: crypto.randomUUID(), priority: "purchase" },
      );
    }
    // Every replay of the line's key is answered "out of stock" without an order id.
    h.control.setFaults({ outOfStockOnReplayNext: 1000 });
    await settle(h, {
      stepMs: 5 * 60_000,
      max: 10,
      done: async () =>
        ["delivered", "refunded"].includes((await db.orderLine.findUniqueOrThrow({ where: { id: line.id } })).status),
    });

    const row = await db.orderLine.findUniqueOrThrow({ where: { id: line.id } });
    const upstream = h.control.listOrders().filter((o) => o.idempotency_key === key);
    expect(upstream.map((o) => o.status)).toEqual(["completed"]);
    expect({ status: row.status, refunds: await db.refund.count({ where: { lineId: line.id } }) }).toEqual({
      status: expect.not.stringMatching(/refunded/),
      refunds: 0,
    });
  });
});
