// Checkout rules: no purchase without payment (docs/money-rules.md#m1), never below cost (docs/money-rules.md#m5),
// stock, top-up
// fields, and refusals of tampered input — each refusal stores and buys nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { placeOrder } from "@/lib/orders/checkout/place-order";
import { fulfilPaidOrder } from "@/lib/orders/fulfilment/fulfil-order";
import { reconcileOnce } from "@/lib/orders/reconcile";
import { validateTopupFields } from "@/lib/orders/quote/validate-topup";
import { parseRequiredFields } from "@/lib/orders/quote/topup-fields";
import { cards, checkout, createHarness, linesOf, type Harness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const card = { number: cards.ok, expiry: "12/30", cvc: "123" };

async function nothingStored<T extends { ok: boolean }>(run: () => Promise<T>): Promise<T> {
  const orders = await db.order.count();
  const payments = await db.payment.count();
  const upstream = h.control.listOrders().length;
  const r = await run();
  expect(r.ok).toBe(false);
  expect(await db.order.count()).toBe(orders);
  expect(await db.payment.count()).toBe(payments);
  expect(h.control.listOrders().length).toBe(upstream);
  return r;
}

describe("checkout", () => {
  // docs/money-rules.md#m1
  it("takes no order upstream when the test card is declined", async () => {
    const before = h.control.listOrders().length;
    const r = await checkout(h, [{ itemCode: "TEST-INSTANT" }], { card: cards.declined });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.message).toMatch(/declined/);
    const payment = await db.payment.findFirstOrThrow({ orderBy: { createdAt: "desc" } });
    expect(payment.status).toBe("failed");
    const order = await db.order.findUniqueOrThrow({ where: { id: payment.orderId }, include: { lines: true } });
    expect(order.status).toBe("cancelled");
    expect(order.lines.every((l) => l.status === "cancelled")).toBe(true);
    await fulfilPaidOrder(order.id, h.now());
    await reconcileOnce({ now: h.now() });
    expect(h.control.listOrders().length).toBe(before);
  });

  // docs/money-rules.md#m1
  it("buys only after a delayed payment is confirmed by the reconciler", async () => {
    const before = h.control.listOrders().length;
    const r = await checkout(h, [{ itemCode: "TEST-INSTANT" }], { card: cards.delayed });
    expect(r.ok && r.paymentStatus).toBe("pending");
    if (!r.ok) return;
    await fulfilPaidOrder(r.orderId, h.now());
    await reconcileOnce({ now: h.now() });
    expect((await linesOf(r.token))[0]!.status).toBe("awaiting_payment");
    expect(h.control.listOrders().length).toBe(before);
    await h.advance(6_000);
    await reconcileOnce({ now: h.now() });
    expect((await linesOf(r.token))[0]!.status).toBe("delivered");
    const payment = await db.payment.findFirstOrThrow({ where: { orderId: r.orderId } });
    expect(payment.status).toBe("succeeded");
    expect(payment.amount.toFixed(2)).toBe("1.10");
  });

  // docs/money-rules.md#m5
  it("refuses the sale before payment when the upstream cost moved above the shown price", async () => {
    h.control.publishChanges({ priceChanges: { "TEST-PENDING": "5.00" } });
    const r = await nothingStored(() => checkout(h, [{ itemCode: "TEST-PENDING" }], { expectedTotal: "1.10" }));
    if (r.ok) return;
    expect(r.message).toMatch(/price changed/i);
    expect(r.quote?.lines[0]?.priceChanged).toBe(true);
    expect(Number(r.quote?.lines[0]?.unitPrice)).toBeGreaterThan(5);
  });

  it("refuses to take payment when stock is short", async () => {
    const r = await nothingStored(() => checkout(h, [{ itemCode: "TEST-OOS" }]));
    if (r.ok) return;
    expect(r.message).toMatch(/out of stock/);
  });

  it("refuses a tampered price posted by the client", async () => {
    await nothingStored(() =>
      placeOrder({
        email: "a@b.co",
        items: [{ itemCode: "TEST-INSTANT", quantity: 1, unitPrice: "0.01" }],
        card,
        expectedTotal: "0.01",
      }),
    );
    await nothingStored(() =>
      placeOrder({
        email: "a@b.co",
        items: [{ itemCode: "TEST-INSTANT", quantity: 1 }],
        card,
        expectedTotal: "1.10",
        total: "0.01",
      }),
    );
  });

  it("refuses quantities outside 1–100 and a wrong total", async () => {
    await nothingStored(() =>
      placeOrder({
        email: "a@b.co",
        items: [{ itemCode: "TEST-INSTANT", quantity: 1000 }],
        card,
        expectedTotal: "1100.00",
      }),
    );
    await nothingStored(() =>
      placeOrder({ email: "a@b.co", items: [{ itemCode: "TEST-INSTANT", quantity: 0 }], card, expectedTotal: "0" }),
    );
    await nothingStored(() =>
      placeOrder({ email: "a@b.co", items: [{ itemCode: "TEST-INSTANT", quantity: 2 }], card, expectedTotal: "1.10" }),
    );
  });

  it("requires a buyer email", async () => {
    const r = await nothingStored(() =>
      placeOrder({ email: "", items: [{ itemCode: "TEST-INSTANT", quantity: 1 }], card, expectedTotal: "1.10" }),
    );
    if (!r.ok) expect((r as { fieldErrors?: Record<string, string[]> }).fieldErrors?.email).toBeDefined();
  });

  it("refuses 10 kB and HTML/script top-up fields, buying and storing nothing", async () => {
    const base = { email: "a@b.co", card, expectedTotal: "1.10" };
    await nothingStored(() =>
      placeOrder({
        ...base,
        items: [{ itemCode: "TEST-TOPUP", quantity: 1, fields: { player_id: "1".repeat(10_240) } }],
      }),
    );
    const r = await nothingStored(() =>
      placeOrder({
        ...base,
        items: [{ itemCode: "TEST-TOPUP", quantity: 1, fields: { player_id: "<script>alert(1)</script>" } }],
      }),
    );
    if (!r.ok)
      expect((r as { fieldErrors?: Record<string, string[]> }).fieldErrors?.["items.0.fields.player_id"]).toBeDefined();
    await nothingStored(() =>
      placeOrder({
        ...base,
        items: [{ itemCode: "TEST-TOPUP", quantity: 1, fields: { player_id: "123456", admin: "1" } }],
      }),
    );
  });

  it("puts an upstream invalid_fields refusal on the right field", async () => {
    const product = await db.product.findUniqueOrThrow({ where: { itemCode: "TEST-TOPUP" } });
    const r = await validateTopupFields("TEST-TOPUP", parseRequiredFields(product.requiredFields), {
      player_id: "000000",
    });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.fieldErrors.player_id?.[0]).toBe("We could not verify this Player ID. Check it and try again.");
    const missing = await validateTopupFields("TEST-TOPUP", parseRequiredFields(product.requiredFields), {
      player_id: "  ",
    });
    expect(!missing.ok && missing.fieldErrors.player_id).toBeTruthy();
  });

  it("buys a direct top-up with the confirmed account name and no codes", async () => {
    const r = await checkout(h, [{ itemCode: "TEST-TOPUP", fields: { player_id: "12345678" } }]);
    if (!r.ok) throw new Error(r.message);
    await fulfilPaidOrder(r.orderId, h.now());
    const [line] = await linesOf(r.token);
    expect(line!.status).toBe("delivered");
    expect(line!.displayName).toBe("Player 5678");
    expect(line!.codesEnc).toBeNull();
    expect(line!.fieldsEnc).toBeNull(); // fields are dropped once terminal
  });

  it("charges a card with a foreign face value in the shop's currency, as it is listed", async () => {
    await db.product.update({ where: { itemCode: "TEST-INSTANT" }, data: { currency: "EUR" } });
    try {
      const r = await checkout(h, [
        { itemCode: "TEST-INSTANT" },
        { itemCode: "TEST-TOPUP", fields: { player_id: "123456" } },
      ]);
      expect(r.ok).toBe(true);
      const order = await db.order.findFirstOrThrow({
        orderBy: { createdAt: "desc" },
        include: { lines: true, payments: true },
      });
      expect(order.currency).toBe("USD");
      expect(order.payments.map((p) => p.currency)).toEqual(["USD"]);
      expect(order.lines.map((l) => l.currency)).toEqual(["USD", "USD"]);
    } finally {
      await db.product.update({ where: { itemCode: "TEST-INSTANT" }, data: { currency: "USD" } });
    }
  });

  it("records a signed-in buyer's user id and a guest's null", async () => {
    const product = { itemCode: "TEST-INSTANT", quantity: 1 };
    // Order.userId references User (auth section), so the buyer must exist.
    await db.user.create({ data: { id: "user_1", email: "u@b.co", passwordHash: "x", role: "shopper" } });
    const asUser = await placeOrder(
      { email: "u@b.co", items: [product], card, expectedTotal: "1.10" },
      { userId: "user_1", now: h.now() },
    );
    const asGuest = await placeOrder(
      { email: "g@b.co", items: [product], card, expectedTotal: "1.10" },
      { now: h.now() },
    );
    if (!asUser.ok || !asGuest.ok) throw new Error("checkout failed");
    expect((await db.order.findUniqueOrThrow({ where: { id: asUser.orderId } })).userId).toBe("user_1");
    expect((await db.order.findUniqueOrThrow({ where: { id: asGuest.orderId } })).userId).toBeNull();
  });
});
