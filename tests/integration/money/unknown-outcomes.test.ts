// Decided and tested beyond the ten holes: a refusal after an unknown outcome is looked into
// before anyone is refunded; payments that never settle do not crowd newer ones out of the
// reconciler; top-up details that cannot be decrypted never leave a line deferred for ever.
import crypto from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { setPaymentProvider } from "@/lib/payments";
import { createTestProvider } from "@/lib/payments/test-provider";
import { fulfilPaidOrder } from "@/lib/orders/fulfilment/fulfil-order";
import { checkout, createHarness, seedPaidOrder, type Harness, installSandboxClient } from "../orders/harness";
import { cards, orderById, settle } from "./money-harness";

let h: Harness;
beforeAll(async () => (h = await createHarness()));
afterAll(async () => h.close());
afterEach(() => {
  setPaymentProvider(null);
  h.control.setFaults({ responseDelayMs: 0, responseDelayNextPurchases: 0, outOfStockOnReplayNext: 0 });
  installSandboxClient(h.sandbox, 5000);
});

describe("a refusal after an unknown outcome", () => {
  it("finds the order the timed-out purchase created instead of refunding (out of stock on the retry)", async () => {
    installSandboxClient(h.sandbox, 50);
    h.control.setFaults({ responseDelayMs: 300, responseDelayNextPurchases: 1 });
    const { order, line } = await seedPaidOrder(h, { itemCode: "TEST-INSTANT" });
    await fulfilPaidOrder(order.id, h.now());
    let row = await db.orderLine.findUniqueOrThrow({ where: { id: line.id } });
    expect(row.status).toBe("purchasing");
    expect(row.unknownOutcomeAt).not.toBeNull();
    // Upstream, the order exists and completed; the retry of its key is answered "out of stock".
    await expect
      .poll(() => h.control.listOrders().filter((o) => o.idempotency_key === row.idempotencyKey).length)
      .toBe(1);
    installSandboxClient(h.sandbox, 5000);
    h.control.setFaults({ outOfStockOnReplayNext: 1 });
    await settle(h, {
      done: async () => (await db.orderLine.findUniqueOrThrow({ where: { id: line.id } })).status === "delivered",
    });
    row = await db.orderLine.findUniqueOrThrow({ where: { id: line.id } });
    expect(row.status).toBe("delivered");
    expect(await db.refund.count({ where: { lineId: line.id } })).toBe(0);
    expect(h.control.listOrders().filter((o) => o.idempotency_key === row.idempotencyKey)).toHaveLength(1);
  });
});

describe("payments that never settle", () => {
  it("do not keep a newer payment from being confirmed (the reconciler looks at payments by due time)", async () => {
    setPaymentProvider(createTestProvider({ delayMs: 365 * 86_400_000 }));
    for (let i = 0; i < 55; i++) await checkout(h, [{ itemCode: "TEST-INSTANT" }], { card: cards.delayed });
    await h.advance(60_000);
    setPaymentProvider(createTestProvider({ delayMs: 1000 }));
    const fresh = await checkout(h, [{ itemCode: "TEST-INSTANT" }], { card: cards.delayed });
    if (!fresh.ok) throw new Error(fresh.message);
    setPaymentProvider(createTestProvider({ delayMs: 365 * 86_400_000 }));
    await settle(h, {
      stepMs: 20_000,
      max: 6,
      done: async () => (await orderById(fresh.orderId)).status !== "awaiting_payment",
    });
    expect((await orderById(fresh.orderId)).status).not.toBe("awaiting_payment");
  });
});

describe("top-up details that cannot be decrypted", () => {
  it("fail the line and refund it at once when nothing was bought yet, telling staff why", async () => {
    const { order, line } = await seedPaidOrder(h, { itemCode: "TEST-TOPUP", fields: { player_id: "123456" } });
    // Encrypted under another key (as after a CODES_ENCRYPTION_KEY change without re-encryption).
    const foreign = Buffer.concat([crypto.randomBytes(12), crypto.randomBytes(16), crypto.randomBytes(24)]).toString(
      "base64",
    );
    await db.orderLine.update({ where: { id: line.id }, data: { fieldsEnc: `v1:${foreign}` } });
    await fulfilPaidOrder(order.id, h.now());
    const row = await db.orderLine.findUniqueOrThrow({ where: { id: line.id } });
    expect(row.status).toBe("refunded");
    expect(row.attentionReason).toMatch(/could not be decrypted/);
    expect(await db.upstreamCall.count({ where: { lineId: line.id, endpoint: "POST /orders" } })).toBe(0);
  });
});
