// How long a quote's price is trusted (the owner's quote window, docs/money-rules.md#m5): a
// checkout or a purchase later than that asks the upstream again, so a supplier price rise
// inside the old five-minute window is no longer bought at a loss.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { fulfilPaidOrder } from "@/lib/orders/fulfilment/fulfil-order";
import { moneySettingKeys } from "@/lib/orders/core/money-settings";
import { placeOrder } from "@/lib/orders/checkout/place-order";
import { quoteItems } from "@/lib/orders/quote/quote";
import { cards, createHarness, seedPaidOrder, type Harness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterEach(() => {
  h.control.publishChanges({ priceChanges: { "TEST-INSTANT": "1.00" } });
});
afterAll(async () => h.close());

const items = [{ itemCode: "TEST-INSTANT", quantity: 1 }];

describe("the quote window", () => {
  it("a price rise 90 s after the quote is caught before buying", async () => {
    const quote = await quoteItems(items, { now: h.now() });
    expect(quote.proof).not.toBeNull();
    await h.advance(90_000);
    h.control.publishChanges({ priceChanges: { "TEST-INSTANT": "8.00" } });
    const orders = await db.order.count();
    const result = await placeOrder(
      {
        email: "window@example.com",
        items,
        card: { number: cards.ok, expiry: "12/30", cvc: "123" },
        expectedTotal: quote.total.toFixed(2),
        quoteProof: quote.proof!,
      },
      { now: h.now() },
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/price changed/i);
    expect(await db.order.count()).toBe(orders);
  });

  it("prices a paid line again before buying it 90 s after its check, and refunds it when the price rose", async () => {
    const { order, line } = await seedPaidOrder(h, { itemCode: "TEST-INSTANT", unitPrice: "1.10" });
    // Checked when it was ordered, on the test's clock (the row's createdAt is the database's).
    await db.orderLine.update({ where: { id: line.id }, data: { priceCheckedAt: h.now() } });
    await h.advance(90_000);
    h.control.publishChanges({ priceChanges: { "TEST-INSTANT": "8.00" } });
    await fulfilPaidOrder(order.id, h.now());
    const after = await db.orderLine.findUniqueOrThrow({ where: { id: line.id } });
    expect(after.upstreamOrderId).toBeNull();
    expect(["failed", "refunding", "refunded"]).toContain(after.status);
  });

  it("trusts a checked price for as long as the owner's window says", async () => {
    const key = moneySettingKeys.quoteWindowSeconds;
    await db.setting.create({ data: { key, value: "120" } });
    try {
      const { order, line } = await seedPaidOrder(h, { itemCode: "TEST-INSTANT", unitPrice: "1.10" });
      await db.orderLine.update({ where: { id: line.id }, data: { priceCheckedAt: h.now() } });
      await h.advance(90_000);
      await fulfilPaidOrder(order.id, h.now());
      const after = await db.orderLine.findUniqueOrThrow({ where: { id: line.id } });
      expect(after.upstreamOrderId).not.toBeNull();
    } finally {
      await db.setting.delete({ where: { key } });
    }
  });
});
