// Stripe Checkout with a promo code: the session's line items carry the discounted unit prices
// and add up to the discounted total Stripe charges; a session that expires cancels the order
// and gives the code's use back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { applyPromoToQuote } from "@/lib/orders/quote/promo-quote";
import { placeOrder } from "@/lib/orders/checkout/place-order";
import { quoteItems } from "@/lib/orders/quote/quote";
import { createHarness, type Harness } from "../orders/harness";
import { createPromo, usedCount } from "../promos/promo-harness";
import type { FakeStripe } from "./fake-stripe";
import { deliver, eventPayload, sign, stopStripe, useStripe } from "./stripe-harness";

let h: Harness;
let fake: FakeStripe;
beforeAll(async () => {
  h = await createHarness();
  fake = await useStripe();
  h.control.publishChanges({ priceChanges: { "TEST-INSTANT": "19.37", "TEST-PENDING": "4.99" } });
  await db.product.update({ where: { itemCode: "TEST-INSTANT" }, data: { chargedPrice: "19.37", shopPrice: "21.31" } });
  await db.product.update({ where: { itemCode: "TEST-PENDING" }, data: { chargedPrice: "4.99", shopPrice: "5.49" } });
});
afterAll(async () => {
  await stopStripe(fake);
  await h.close();
});

async function stripeCheckoutWithCode(items: { itemCode: string; quantity: number }[], code: string) {
  const applied = await applyPromoToQuote(await quoteItems(items), code, { now: h.now() });
  if (!applied.ok) throw new Error(applied.message);
  const r = await placeOrder(
    { email: "buyer@example.com", items, expectedTotal: applied.quote.total.toFixed(2), promoCode: code },
    { now: h.now() },
  );
  if (!r.ok || r.paymentStatus !== "requires_redirect") throw new Error("expected a redirect");
  return r;
}

describe("Stripe Checkout with a promo code", () => {
  it("sends the discounted unit prices, named with the code, adding up to the discounted total", async () => {
    await createPromo({ code: "STRIPE2", kind: "amount", value: "2.00" });
    const r = await stripeCheckoutWithCode(
      [
        { itemCode: "TEST-INSTANT", quantity: 3 },
        { itemCode: "TEST-PENDING", quantity: 1 },
      ],
      "STRIPE2",
    );
    const sent = fake.requests.at(-1)!;
    expect(sent.form).toMatchObject({
      "line_items[0][quantity]": "3",
      "line_items[0][price_data][unit_amount]": "2070",
      "line_items[0][price_data][product_data][name]": "TEST-INSTANT (code STRIPE2)",
      "line_items[1][quantity]": "1",
      "line_items[1][price_data][unit_amount]": "532",
      "line_items[1][price_data][product_data][name]": "TEST-PENDING (code STRIPE2)",
    });
    const session = [...fake.sessions.values()].at(-1)!;
    expect(session.amount_total).toBe(6742);
    const payment = await db.payment.findFirstOrThrow({ where: { orderId: r.orderId } });
    expect(payment.amount.toFixed(2)).toBe("67.42");
  });

  it("gives the code's use back when the payment page expires unpaid", async () => {
    await createPromo({ code: "STRIPE-ONCE", maxUses: 1 });
    const r = await stripeCheckoutWithCode([{ itemCode: "TEST-INSTANT", quantity: 1 }], "STRIPE-ONCE");
    expect(await usedCount("STRIPE-ONCE")).toBe(1); // held while the payment page is open
    const payment = await db.payment.findFirstOrThrow({ where: { orderId: r.orderId } });
    const payload = eventPayload("checkout.session.expired", fake.expire(payment.providerRef!));
    expect(
      (await deliver(payload, sign(payload, { timestampSec: Math.floor(h.clock.ms / 1000) }), { nowMs: h.clock.ms }))
        .status,
    ).toBe(200);
    const order = await db.order.findUniqueOrThrow({ where: { id: r.orderId }, include: { promoUse: true } });
    expect([order.status, order.promoUse!.status]).toEqual(["cancelled", "released"]);
    expect(await usedCount("STRIPE-ONCE")).toBe(0);
  });
});
