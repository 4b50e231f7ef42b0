// The quote window trusts a line's price only while nothing the shop already knows contradicts
// it (docs/money-rules.md#m5): a catalog sync that saw the supplier's cost rise after the order
// sends a paid line back to the upstream before it is bought, inside the window too. A line priced
// from the catalog when checks had spent their budget share (no live check, priceCheckedAt null)
// is the sharpest case: its cost was the sync's, and the sync now says it is higher.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { fulfilPaidOrder } from "@/lib/orders/fulfilment/fulfil-order";
import { createHarness, seedPaidOrder, type Harness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterEach(async () => {
  h.control.publishChanges({ priceChanges: { "TEST-INSTANT": "1.00" } });
  await db.product.update({ where: { itemCode: "TEST-INSTANT" }, data: { chargedPrice: "1.00", shopPrice: "1.10" } });
});
afterAll(async () => h.close());

/** A paid line at cost 1.00 sold for 1.10, ordered at the test's clock; `checkedAt` null: priced from the catalog. */
async function paidLine(checkedAt: Date | null) {
  const { order, line } = await seedPaidOrder(h, { itemCode: "TEST-INSTANT", unitPrice: "1.10" });
  await db.orderLine.update({ where: { id: line.id }, data: { priceCheckedAt: checkedAt, createdAt: h.now() } });
  return { order, line };
}

/** The supplier now charges 8.00, and a catalog sync has seen it. */
async function supplierRoseAndSyncSawIt() {
  h.control.publishChanges({ priceChanges: { "TEST-INSTANT": "8.00" } });
  await db.product.update({ where: { itemCode: "TEST-INSTANT" }, data: { chargedPrice: "8.00", shopPrice: "8.80" } });
}

describe("the price guard and a cost rise the catalog has seen", () => {
  it("does not buy a catalog-priced line inside the quote window when a later sync saw the cost rise", async () => {
    const { order, line } = await paidLine(null);
    await h.advance(30_000);
    await supplierRoseAndSyncSawIt();
    await fulfilPaidOrder(order.id, h.now());
    const after = await db.orderLine.findUniqueOrThrow({ where: { id: line.id } });
    expect(after.upstreamOrderId).toBeNull();
    expect(["failed", "refunding", "refunded"]).toContain(after.status);
  });

  it("does not buy a live-checked line inside the quote window when a later sync saw the cost rise", async () => {
    const { order, line } = await paidLine(h.now());
    await h.advance(30_000);
    await supplierRoseAndSyncSawIt();
    await fulfilPaidOrder(order.id, h.now());
    const after = await db.orderLine.findUniqueOrThrow({ where: { id: line.id } });
    expect(after.upstreamOrderId).toBeNull();
    expect(["failed", "refunding", "refunded"]).toContain(after.status);
  });

  it("buys inside the quote window without asking again while the catalog shows no higher cost", async () => {
    const { order, line } = await paidLine(null);
    await h.advance(30_000);
    const checks = await db.upstreamCall.count({ where: { endpoint: "POST /orders/check" } });
    await fulfilPaidOrder(order.id, h.now());
    const after = await db.orderLine.findUniqueOrThrow({ where: { id: line.id } });
    expect(after.upstreamOrderId).not.toBeNull();
    expect(await db.upstreamCall.count({ where: { endpoint: "POST /orders/check" } })).toBe(checks);
  });
});
