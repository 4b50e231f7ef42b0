// The Stripe webhook receiver: only events signed with the endpoint secret (checked by the
// stripe library over the raw body) move an order; each event id is applied once and every
// delivery is in the shared webhook log.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { placeOrder } from "@/lib/orders/checkout/place-order";
import { quoteItems } from "@/lib/orders/quote/quote";
import { waitForAfterResponseTasks } from "@/lib/http/after-response";
import { POST } from "@/app/api/webhooks/stripe/route";
import { createHarness, type Harness } from "../orders/harness";
import type { FakeStripe } from "./fake-stripe";
import { deliver, eventPayload, sign, stopStripe, useStripe } from "./stripe-harness";

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

/** Places a Stripe order and returns it with its (fake) session. */
async function stripeOrder(itemCode = "TEST-INSTANT", quantity = 1) {
  const items = [{ itemCode, quantity }];
  const quote = await quoteItems(items);
  const r = await placeOrder(
    { email: "buyer@example.com", items, expectedTotal: quote.total.toFixed(2) },
    { now: h.now() },
  );
  if (!r.ok) throw new Error(r.message);
  const payment = await db.payment.findFirstOrThrow({ where: { orderId: r.orderId } });
  return { orderId: r.orderId, payment, session: fake.sessions.get(payment.providerRef!)! };
}

/** Delivers a signed event at the harness clock (signature timestamp = now). */
function deliverSigned(payload: string, opts: { onPaid?: (orderId: string) => void } = {}) {
  return deliver(payload, sign(payload, { timestampSec: Math.floor(h.clock.ms / 1000) }), {
    nowMs: h.clock.ms,
    ...opts,
  });
}

const statusOf = async (orderId: string) => (await db.order.findUniqueOrThrow({ where: { id: orderId } })).status;

describe("Stripe webhooks", () => {
  it("accepts a completed session signed with the library's test header and buys the order", async () => {
    const { orderId, session } = await stripeOrder();
    const payload = eventPayload("checkout.session.completed", fake.complete(session.id as string));
    const res = await deliverSigned(payload);
    expect(res.status).toBe(200);
    await waitForAfterResponseTasks();
    const order = await db.order.findUniqueOrThrow({
      where: { id: orderId },
      include: { lines: true, payments: true },
    });
    expect(order.payments[0]!.status).toBe("succeeded");
    expect(order.lines[0]!.status).toBe("delivered");
    expect(h.control.listOrders().length).toBeGreaterThan(0);
    const row = await db.webhookDelivery.findFirstOrThrow({
      where: { source: "stripe", event: "checkout.session.completed" },
      orderBy: { receivedAt: "desc" },
    });
    expect(row).toMatchObject({
      status: "processed",
      reason: "paid",
      processedDeliveryId: `stripe:${JSON.parse(payload).id}`,
    });
  });

  it("refuses tampered, stale, wrong-secret and unsigned events and logs each refusal", async () => {
    const { orderId, session } = await stripeOrder();
    const payload = eventPayload("checkout.session.completed", fake.complete(session.id as string));
    const nowSec = Math.floor(h.clock.ms / 1000);
    const tampered = payload.replace(`"amount_total": ${session.amount_total}`, `"amount_total": 1`);
    expect(tampered).not.toBe(payload);
    const attempts = [
      await deliver(tampered, sign(payload, { timestampSec: nowSec }), { nowMs: h.clock.ms }),
      await deliver(payload, sign(payload, { timestampSec: nowSec - 301 }), { nowMs: h.clock.ms }),
      await deliver(payload, sign(payload, { timestampSec: nowSec, secret: "whsec_someone_else" }), {
        nowMs: h.clock.ms,
      }),
      await deliver(payload, null, { nowMs: h.clock.ms }),
    ];
    expect(attempts.map((r) => r.status)).toEqual([400, 400, 400, 400]);
    const rows = await db.webhookDelivery.findMany({
      where: { source: "stripe", status: "rejected" },
      orderBy: { receivedAt: "asc" },
    });
    expect(rows.slice(-4).map((r) => r.reason)).toEqual([
      "bad_signature",
      "stale_timestamp",
      "bad_signature",
      "missing_signature",
    ]);
    expect(await statusOf(orderId)).toBe("awaiting_payment");
  });

  it("applies the same event id delivered five times exactly once", async () => {
    const { orderId, session } = await stripeOrder();
    const payload = eventPayload("checkout.session.completed", fake.complete(session.id as string));
    const paid: string[] = [];
    const responses = [];
    for (let i = 0; i < 5; i++) responses.push(await deliverSigned(payload, { onPaid: (id) => paid.push(id) }));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await Promise.all(responses.map((r) => r.json()))).toEqual([
      { ok: true, duplicate: false },
      ...Array.from({ length: 4 }, () => ({ ok: true, duplicate: true })),
    ]);
    expect(paid).toEqual([orderId]);
    const eventId = JSON.parse(payload).id as string;
    const rows = await db.webhookDelivery.findMany({ where: { deliveryId: eventId } });
    expect(rows.map((r) => r.status).sort()).toEqual(["duplicate", "duplicate", "duplicate", "duplicate", "processed"]);
    expect(await db.orderEvent.count({ where: { orderId, toStatus: "paid", lineId: null } })).toBe(1);
  });

  it("holds an order whose Stripe amount or currency does not match, buying nothing", async () => {
    const upstreamBefore = h.control.listOrders().length;
    for (const change of [{ amount_total: 109 }, { currency: "eur" }]) {
      const { orderId, payment, session } = await stripeOrder();
      const payload = eventPayload("checkout.session.completed", { ...fake.complete(session.id as string), ...change });
      const paid: string[] = [];
      expect((await deliverSigned(payload, { onPaid: (id) => paid.push(id) })).status).toBe(200);
      const held = await db.payment.findUniqueOrThrow({ where: { id: payment.id } });
      expect(held.status).toBe("held");
      expect(held.failureReason).toMatch(/provider reported .* the order total is 1\.10 USD/);
      expect(await statusOf(orderId)).toBe("awaiting_payment");
      expect(paid).toEqual([]);
    }
    expect(h.control.listOrders().length).toBe(upstreamBefore);
  });

  it("cancels the order when the session expires", async () => {
    const { orderId, session } = await stripeOrder();
    const res = await deliverSigned(eventPayload("checkout.session.expired", fake.expire(session.id as string)));
    expect(res.status).toBe(200);
    const order = await db.order.findUniqueOrThrow({
      where: { id: orderId },
      include: { lines: true, payments: true },
    });
    expect(order.status).toBe("cancelled");
    expect(order.lines[0]!.status).toBe("cancelled");
    expect(order.payments[0]!.failureReason).toMatch(/expired/);
  });

  it("waits for a delayed payment method, then confirms on async_payment_succeeded", async () => {
    const { orderId, session } = await stripeOrder();
    const unpaid = { ...fake.complete(session.id as string), payment_status: "unpaid" };
    const paid: string[] = [];
    await deliverSigned(eventPayload("checkout.session.completed", unpaid), { onPaid: (id) => paid.push(id) });
    expect(await statusOf(orderId)).toBe("awaiting_payment");
    await deliverSigned(eventPayload("checkout.session.async_payment_succeeded", fake.complete(session.id as string)), {
      onPaid: (id) => paid.push(id),
    });
    expect(await statusOf(orderId)).toBe("paid");
    expect(paid).toEqual([orderId]);
  });

  it("cancels the order when a delayed payment fails", async () => {
    const { orderId, session } = await stripeOrder();
    const unpaid = { ...fake.complete(session.id as string), payment_status: "unpaid" };
    await deliverSigned(eventPayload("checkout.session.async_payment_failed", unpaid));
    expect(await statusOf(orderId)).toBe("cancelled");
  });

  it("logs events it does not handle and sessions it does not know as ignored", async () => {
    await deliverSigned(
      eventPayload("customer.created", { id: "cus_1", object: "customer" }, { id: "evt_ignored_type" }),
    );
    await deliverSigned(
      eventPayload(
        "checkout.session.completed",
        { id: "cs_unknown", object: "checkout.session", payment_status: "paid" },
        { id: "evt_unknown_session" },
      ),
    );
    const rows = await db.webhookDelivery.findMany({
      where: { deliveryId: { in: ["evt_ignored_type", "evt_unknown_session"] } },
      orderBy: { receivedAt: "asc" },
    });
    expect(rows.map((r) => [r.status, r.reason])).toEqual([
      ["ignored", "event_not_handled"],
      ["ignored", "unknown_session"],
    ]);
  });

  it("serves the receiver at POST /api/webhooks/stripe with the secret from the environment", async () => {
    const payload = eventPayload("customer.created", { id: "cus_2", object: "customer" });
    const ok = await POST(
      new Request("http://shop.test/api/webhooks/stripe", {
        method: "POST",
        headers: { "stripe-signature": sign(payload) },
        body: payload,
      }),
    );
    expect(ok.status).toBe(200);
    const bad = await POST(
      new Request("http://shop.test/api/webhooks/stripe", {
        method: "POST",
        headers: { "stripe-signature": sign(payload, { secret: "whsec_wrong" }) },
        body: payload,
      }),
    );
    expect(bad.status).toBe(400);
  });
});
