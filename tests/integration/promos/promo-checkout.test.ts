// Promo codes at checkout: the discount comes off each unit in whole cents (decimals, never
// floats), the provider charges the discounted total, and the minimum margin is checked AFTER
// the discount — a code that would break it is refused by product name and nothing is stored.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { checkBooks } from "@/lib/orders/books/books";
import { applyPromoToQuote } from "@/lib/orders/quote/promo-quote";
import { placeOrder } from "@/lib/orders/checkout/place-order";
import { quoteItems, toQuoteView } from "@/lib/orders/quote/quote";
import { fulfilPaidOrder } from "@/lib/orders/fulfilment/fulfil-order";
import { cards, createHarness, type Harness } from "../orders/harness";
import { buyWithCode, createPromo, orderOf, usedCount } from "./promo-harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  // Live costs with cents (the default rule: +10 %, margin at least 2 % of cost and 0.10).
  // TEST-INSTANT: cost 19.37 → 21.31 (margin 1.94, 0.39 required); TEST-PENDING: 4.99 → 5.49.
  h.control.publishChanges({ priceChanges: { "TEST-INSTANT": "19.37", "TEST-PENDING": "4.99" } });
  await db.product.update({ where: { itemCode: "TEST-INSTANT" }, data: { chargedPrice: "19.37", shopPrice: "21.31" } });
  await db.product.update({ where: { itemCode: "TEST-PENDING" }, data: { chargedPrice: "4.99", shopPrice: "5.49" } });
});
afterAll(async () => h.close());

const lineOf = (order: Awaited<ReturnType<typeof orderOf>>, itemCode: string) =>
  order.lines.find((l) => l.itemCode === itemCode)!;

describe("a promo code at checkout", () => {
  it("takes a percentage off each unit in whole cents, and the provider charges the discounted total", async () => {
    const promo = await createPromo({ code: "FIVE", value: "5" });
    const r = await buyWithCode(h, [{ itemCode: "TEST-INSTANT", quantity: 3 }], " five ");
    if (!r.ok) throw new Error(r.message);
    const order = await orderOf(r.orderId);
    const line = lineOf(order, "TEST-INSTANT");
    // 5 % of 21.31 is 1.0655 → 1.07 a unit; 3 × 20.24.
    expect([line.unitPrice, line.unitDiscount, line.lineTotal].map((d) => d.toFixed(2))).toEqual([
      "20.24",
      "1.07",
      "60.72",
    ]);
    expect([order.total.toFixed(2), order.discountTotal.toFixed(2), order.promoCode]).toEqual([
      "60.72",
      "3.21",
      "FIVE",
    ]);
    expect(order.payments[0]!.amount.toFixed(2)).toBe("60.72");
    const charge = await db.testProviderCharge.findUniqueOrThrow({ where: { idempotencyKey: order.payments[0]!.id } });
    expect(charge.amount.toFixed(2)).toBe("60.72");
    expect(order.promoUse).toMatchObject({
      promoCodeId: promo.id,
      status: "active",
      shopperEmail: "buyer@example.com",
    });
    expect(order.promoUse!.discount.toFixed(2)).toBe("3.21");
    expect(await usedCount("FIVE")).toBe(1);

    await fulfilPaidOrder(r.orderId, h.now());
    const done = await orderOf(r.orderId);
    expect(done.status).toBe("completed");
    expect((await checkBooks({ orderIds: [r.orderId], now: h.now() })).problems).toEqual([]);
  });

  it("shares a fixed amount over the lines so the order is exactly that much cheaper", async () => {
    await createPromo({ code: "TWO-OFF", kind: "amount", value: "2.00" });
    const items = [
      { itemCode: "TEST-INSTANT", quantity: 3 },
      { itemCode: "TEST-PENDING", quantity: 1 },
    ];
    const before = await quoteItems(items.map((i) => ({ ...i })));
    expect(before.total.toFixed(2)).toBe("69.42");
    const applied = await applyPromoToQuote(before, "TWO-OFF", { now: h.now() });
    if (!applied.ok) throw new Error(applied.message);
    const view = toQuoteView(applied.quote);
    expect(view).toMatchObject({ subtotal: "69.42", total: "67.42", promo: { code: "TWO-OFF", discount: "2.00" } });
    // Not a supplier price change: the line's price before the code is what was listed.
    expect(view.lines.map((l) => [l.unitPrice, l.unitDiscount, l.priceChanged])).toEqual([
      ["20.70", "0.61", false],
      ["5.32", "0.17", false],
    ]);

    const r = await buyWithCode(h, items, "TWO-OFF");
    if (!r.ok) throw new Error(r.message);
    const order = await orderOf(r.orderId);
    expect([order.total.toFixed(2), order.discountTotal.toFixed(2)]).toEqual(["67.42", "2.00"]);
    expect(order.lines.reduce((s, l) => s + Number(l.unitPrice.times(l.quantity).toFixed(2)) * 100, 0)).toBe(6742);
  });

  it("refuses a code that would break the minimum margin, naming the product, and stores nothing", async () => {
    await createPromo({ code: "TEN", value: "10" }); // 21.31 − 2.13 = 19.18: below the 19.37 cost
    const quote = await quoteItems([{ itemCode: "TEST-INSTANT", quantity: 1 }]);
    expect(await applyPromoToQuote(quote, "TEN", { now: h.now() })).toEqual({
      ok: false,
      message: "This code cannot be used on TEST-INSTANT.",
    });

    const orders = await db.order.count();
    const r = await placeOrder(
      {
        email: "a@example.com",
        items: [{ itemCode: "TEST-INSTANT", quantity: 1 }],
        card: { number: cards.ok, expiry: "12/30", cvc: "123" },
        expectedTotal: "19.18",
        promoCode: "TEN",
      },
      { now: h.now() },
    );
    expect(r).toMatchObject({
      ok: false,
      message: "This code cannot be used on TEST-INSTANT.",
      fieldErrors: { promoCode: ["This code cannot be used on TEST-INSTANT."] },
      quote: { total: "21.31", promo: null },
    });
    expect(await db.order.count()).toBe(orders);
    expect(await usedCount("TEN")).toBe(0);
  });

  it("applies a discount that leaves exactly the minimum margin, and refuses one cent more", async () => {
    // 21.31 − 1.55 = 19.76: margin 0.39, the 2 % of 19.37 rounded up.
    await createPromo({ code: "EDGE", kind: "amount", value: "1.55" });
    await createPromo({ code: "EDGE-PLUS", kind: "amount", value: "1.56" });
    const quote = await quoteItems([{ itemCode: "TEST-INSTANT", quantity: 1 }]);
    const edge = await applyPromoToQuote(quote, "EDGE", { now: h.now() });
    expect(edge.ok && edge.quote.total.toFixed(2)).toBe("19.76");
    expect(await applyPromoToQuote(quote, "EDGE-PLUS", { now: h.now() })).toMatchObject({
      ok: false,
      message: "This code cannot be used on TEST-INSTANT.",
    });
  });

  it("names every line the code cannot be used on", async () => {
    await createPromo({ code: "HALF", value: "50" });
    const quote = await quoteItems([
      { itemCode: "TEST-INSTANT", quantity: 1 },
      { itemCode: "TEST-PENDING", quantity: 2 },
    ]);
    expect(await applyPromoToQuote(quote, "HALF", { now: h.now() })).toMatchObject({
      ok: false,
      message: "This code cannot be used on TEST-INSTANT and TEST-PENDING.",
    });
  });

  it("applies a scoped code to its products only, and says so when the cart has none", async () => {
    await createPromo({ code: "PENDING5", value: "5", scope: "sku", scopeKeys: ["test-pending"] });
    const both = await quoteItems([
      { itemCode: "TEST-INSTANT", quantity: 1 },
      { itemCode: "TEST-PENDING", quantity: 1 },
    ]);
    const applied = await applyPromoToQuote(both, "PENDING5", { now: h.now() });
    if (!applied.ok) throw new Error(applied.message);
    expect(applied.quote.lines.map((l) => l.unitDiscount.toFixed(2))).toEqual(["0.00", "0.27"]);
    const other = await quoteItems([{ itemCode: "TEST-INSTANT", quantity: 1 }]);
    expect(await applyPromoToQuote(other, "PENDING5", { now: h.now() })).toEqual({
      ok: false,
      message: "This code does not apply to anything in your cart. It is for item codes: test-pending.",
    });
  });

  it("refuses unknown, disabled, not yet started and expired codes in plain words", async () => {
    const quote = await quoteItems([{ itemCode: "TEST-PENDING", quantity: 1 }]);
    const at = h.now();
    await createPromo({ code: "OFF", active: false });
    await createPromo({ code: "LATER", startsAt: new Date(at.getTime() + 86_400_000) });
    await createPromo({ code: "GONE", endsAt: at });
    const msg = async (code: string) => {
      const r = await applyPromoToQuote(quote, code, { now: at });
      return r.ok ? "applied" : r.message;
    };
    expect(await msg("NOPE")).toBe("We don't know the code “NOPE”. Check it and try again.");
    expect(await msg("OFF")).toBe("This code is no longer valid.");
    expect(await msg("LATER")).toBe("This code can be used from 26 Nov 2026, 12:00 UTC.");
    expect(await msg("GONE")).toBe("This code expired on 25 Nov 2026, 12:00 UTC.");
  });

  it("asks again when the total confirmed does not include the discount", async () => {
    await createPromo({ code: "CONFIRM" });
    const r = await placeOrder(
      {
        email: "c@example.com",
        items: [{ itemCode: "TEST-PENDING", quantity: 1 }],
        card: { number: cards.ok, expiry: "12/30", cvc: "123" },
        expectedTotal: "5.49",
        promoCode: "CONFIRM",
      },
      { now: h.now() },
    );
    expect(r).toMatchObject({
      ok: false,
      quote: { total: "5.22", subtotal: "5.49", promo: { code: "CONFIRM", discount: "0.27" } },
    });
    expect(await usedCount("CONFIRM")).toBe(0);
  });
});
