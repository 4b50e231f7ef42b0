// Stripe Checkout at checkout: one hosted session per order with the shop's own prices in
// minor units, and nothing paid or bought until a signed webhook says so.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@prisma/client";
import { db } from "@/lib/db";
import { getPaymentProvider } from "@/lib/payments";
import { placeOrder } from "@/lib/orders/checkout/place-order";
import { quoteItems } from "@/lib/orders/quote/quote";
import { reconcileOnce } from "@/lib/orders/reconcile";
import { createHarness, type Harness } from "../orders/harness";
import type { FakeStripe } from "./fake-stripe";
import { waitForAfterResponseTasks } from "@/lib/http/after-response";
import { deliver, eventPayload, secretKey, sign, stopStripe, useStripe } from "./stripe-harness";

let h: Harness;
let fake: FakeStripe;
beforeAll(async () => {
  h = await createHarness();
  fake = await useStripe();
});
afterAll(async () => {
  await stopStripe(fake);
  await h.close();
});

async function stripeCheckout(items: { itemCode: string; quantity: number }[], extra: Record<string, unknown> = {}) {
  const quote = await quoteItems(items);
  return placeOrder(
    { email: "Buyer@Example.com", items, expectedTotal: quote.total.toFixed(2), ...extra },
    { now: h.now() },
  );
}

describe("Stripe Checkout", () => {
  it("creates a session with the shop's prices in minor units, the buyer's email and the order reference", async () => {
    const upstreamBefore = h.control.listOrders().length;
    const r = await stripeCheckout([
      { itemCode: "TEST-INSTANT", quantity: 3 },
      { itemCode: "TEST-PENDING", quantity: 1 },
    ]);
    expect(r.ok).toBe(true);
    if (!r.ok || r.paymentStatus !== "requires_redirect") throw new Error("expected a redirect");
    const sent = fake.requests.at(-1)!;
    expect(sent.method).toBe("POST");
    expect(sent.path).toBe("/v1/checkout/sessions");
    expect(sent.authorization).toBe(`Bearer ${secretKey}`);
    expect(sent.idempotencyKey).toBe(`shop-checkout-session-${r.orderId}`);
    expect(sent.form).toMatchObject({
      mode: "payment",
      customer_email: "buyer@example.com",
      client_reference_id: r.orderId,
      "metadata[order_id]": r.orderId,
      "payment_intent_data[metadata][order_id]": r.orderId,
      "line_items[0][quantity]": "3",
      "line_items[0][price_data][unit_amount]": "110",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][product_data][name]": "TEST-INSTANT",
      "line_items[1][quantity]": "1",
      "line_items[1][price_data][unit_amount]": "110",
      success_url: `http://shop.test/orders/${r.token}?payment=return`,
      cancel_url: `http://shop.test/orders/${r.token}?payment=cancelled`,
      expires_at: String(Math.floor(h.clock.ms / 1000) + 60 * 60),
    });
    const session = [...fake.sessions.values()].at(-1)!;
    expect(session.amount_total).toBe(440);
    expect(r.redirectUrl).toBe(session.url);
    const payment = await db.payment.findFirstOrThrow({ where: { orderId: r.orderId } });
    expect(payment).toMatchObject({
      provider: "stripe",
      providerRef: session.id,
      status: "pending",
      method: "Stripe Checkout",
    });
    const order = await db.order.findUniqueOrThrow({ where: { id: r.orderId }, include: { lines: true } });
    expect(order.status).toBe("awaiting_payment");
    expect(order.lines.every((l) => l.status === "awaiting_payment")).toBe(true);
    expect(h.control.listOrders().length).toBe(upstreamBefore);
  });

  it("creates one session when the same order's checkout is submitted twice", async () => {
    const provider = getPaymentProvider();
    const input = {
      orderId: "order_double",
      idempotencyKey: "payment_double",
      amount: new Prisma.Decimal("2.20"),
      currency: "USD",
      email: "a@b.co",
      orderToken: "tok",
      lines: [
        {
          name: "TEST-INSTANT",
          quantity: 2,
          unitPrice: new Prisma.Decimal("1.10"),
          lineTotal: new Prisma.Decimal("2.20"),
        },
      ],
      now: h.now(),
    };
    const sessionsBefore = fake.sessions.size;
    const [a, b] = [await provider.createPayment(input), await provider.createPayment(input)];
    expect(a.providerRef).toBe(b.providerRef);
    expect(fake.sessions.size).toBe(sessionsBefore + 1);
    const keys = fake.requests.slice(-2).map((x) => x.idempotencyKey);
    expect(keys).toEqual(["shop-checkout-session-order_double", "shop-checkout-session-order_double"]);
  });

  it("refuses card numbers posted to a Stripe shop and stores nothing", async () => {
    const orders = await db.order.count();
    const r = await stripeCheckout([{ itemCode: "TEST-INSTANT", quantity: 1 }], {
      card: { number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" },
    });
    expect(r.ok).toBe(false);
    expect(await db.order.count()).toBe(orders);
  });

  it("cancels the order and tells the shopper when Stripe refuses to open a session", async () => {
    fake.state.refuseSessions = true;
    try {
      const r = await stripeCheckout([{ itemCode: "TEST-INSTANT", quantity: 1 }]);
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.message).toMatch(/could not open the payment page/);
    } finally {
      fake.state.refuseSessions = false;
    }
    const payment = await db.payment.findFirstOrThrow({
      where: { providerRef: { startsWith: "stripe_unstarted_" } },
      include: { order: true },
    });
    expect(payment.status).toBe("failed");
    expect(payment.order.status).toBe("cancelled");
  });

  it("confirms a paid session from the reconciler when no event came, and the late event then changes nothing", async () => {
    const r = await stripeCheckout([{ itemCode: "TEST-INSTANT", quantity: 1 }]);
    if (!r.ok) throw new Error(r.message);
    const payment = await db.payment.findFirstOrThrow({ where: { orderId: r.orderId } });
    const session = fake.complete(payment.providerRef!);
    await h.advance(10 * 60_000);
    await reconcileOnce({ now: h.now() });
    expect(
      fake.requests.some(
        (x) => x.method === "GET" && x.path.startsWith(`/v1/checkout/sessions/${payment.providerRef}`),
      ),
    ).toBe(true);
    expect((await db.payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe("succeeded");
    await reconcileOnce({ now: h.now() });
    expect((await db.orderLine.findFirstOrThrow({ where: { orderId: r.orderId } })).status).toBe("delivered");
    // The event that was late arrives after all: already paid, applied once, nothing bought twice.
    const payload = eventPayload("checkout.session.completed", session);
    const res = await deliver(payload, sign(payload, { timestampSec: Math.floor(h.clock.ms / 1000) }), {
      nowMs: h.clock.ms,
    });
    expect(res.status).toBe(200);
    await waitForAfterResponseTasks();
    const line = await db.orderLine.findFirstOrThrow({ where: { orderId: r.orderId } });
    expect(h.control.listOrders().filter((o) => o.idempotency_key === line.idempotencyKey)).toHaveLength(1);
  });

  it("cancels an abandoned order whose session expired even if the expired event never arrived", async () => {
    const r = await stripeCheckout([{ itemCode: "TEST-INSTANT", quantity: 1 }]);
    if (!r.ok) throw new Error(r.message);
    const payment = await db.payment.findFirstOrThrow({ where: { orderId: r.orderId } });
    await reconcileOnce({ now: h.now() });
    expect(
      fake.requests.some(
        (x) => x.path.startsWith(`/v1/checkout/sessions/${payment.providerRef}`) && x.method === "GET",
      ),
    ).toBe(false);
    fake.expire(payment.providerRef!);
    const upstreamBefore = h.control.listOrders().length;
    await h.advance(2 * 60 * 60_000);
    await reconcileOnce({ now: h.now() });
    const order = await db.order.findUniqueOrThrow({ where: { id: r.orderId }, include: { lines: true } });
    expect(order.status).toBe("cancelled");
    expect(order.lines.map((l) => l.status)).toEqual(["cancelled"]);
    expect(h.control.listOrders().length).toBe(upstreamBefore);
  });
});
