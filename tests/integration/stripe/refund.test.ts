// Refunds of Stripe-paid lines go through Stripe's Refunds API: the PaymentIntent read from the
// session, the line's amount in minor units, one idempotency key per shop refund.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { setPaymentProvider } from "@/lib/payments";
import { createStripeProvider } from "@/lib/payments/stripe/stripe-provider";
import { reconcileOnce } from "@/lib/orders/reconcile";
import { placeOrder } from "@/lib/orders/checkout/place-order";
import { quoteItems } from "@/lib/orders/quote/quote";
import { refundDeliveredLine } from "@/lib/orders/refunds/refund-line";
import { waitForAfterResponseTasks } from "@/lib/http/after-response";
import { createHarness, type Harness } from "../orders/harness";
import type { FakeStripe } from "./fake-stripe";
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

/** Places an order, pays it through a signed completed event and lets fulfilment run. */
async function paidStripeOrder(items: { itemCode: string; quantity: number }[]) {
  const quote = await quoteItems(items);
  const r = await placeOrder(
    { email: "buyer@example.com", items, expectedTotal: quote.total.toFixed(2) },
    { now: h.now() },
  );
  if (!r.ok) throw new Error(r.message);
  const payment = await db.payment.findFirstOrThrow({ where: { orderId: r.orderId } });
  const payload = eventPayload("checkout.session.completed", fake.complete(payment.providerRef!));
  const res = await deliver(payload, sign(payload, { timestampSec: Math.floor(h.clock.ms / 1000) }), {
    nowMs: h.clock.ms,
  });
  expect(res.status).toBe(200);
  await waitForAfterResponseTasks();
  const order = await db.order.findUniqueOrThrow({
    where: { id: r.orderId },
    include: { lines: { include: { refunds: true }, orderBy: { itemCode: "asc" } } },
  });
  return { order, payment };
}

const refundCalls = () => fake.requests.filter((x) => x.method === "POST" && x.path === "/v1/refunds");

describe("Stripe refunds", () => {
  it("refunds only the line whose upstream order failed, through Stripe with a per-refund idempotency key", async () => {
    const { order, payment } = await paidStripeOrder([
      { itemCode: "TEST-INSTANT", quantity: 1 },
      { itemCode: "TEST-FAIL", quantity: 2 },
    ]);
    const failed = order.lines.find((l) => l.itemCode === "TEST-FAIL")!;
    expect(order.lines.find((l) => l.itemCode === "TEST-INSTANT")!.status).toBe("delivered");
    expect(failed.status).toBe("refunded");
    expect(failed.refunds[0]).toMatchObject({ status: "succeeded" });
    const calls = refundCalls();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.idempotencyKey).toBe(`shop-refund-${failed.refunds[0]!.id}`);
    expect(calls[0]!.form).toMatchObject({
      payment_intent: `pi_for_${payment.providerRef}`,
      amount: "220",
      "metadata[shop_refund_id]": failed.refunds[0]!.id,
    });
    expect(failed.refunds[0]!.providerRef).toMatch(/^re_test_/);
    expect(
      fake.requests.some(
        (x) => x.method === "GET" && x.path.startsWith(`/v1/checkout/sessions/${payment.providerRef}`),
      ),
    ).toBe(true);
  });

  it("records a refund Stripe refuses; asking again is a new refund with its own key", async () => {
    const { order } = await paidStripeOrder([{ itemCode: "TEST-INSTANT", quantity: 1 }]);
    const line = order.lines[0]!;
    expect(line.status).toBe("delivered");
    fake.state.refundStatus = "failed";
    try {
      expect(await refundDeliveredLine(line.id, { now: h.now(), reason: "Faulty card", actorId: "staff_1" })).toBe(
        "failed",
      );
    } finally {
      fake.state.refundStatus = "succeeded";
    }
    const refused = await db.refund.findFirstOrThrow({ where: { lineId: line.id } });
    expect(refused).toMatchObject({ status: "failed", failureReason: "expired_or_canceled_card" });
    expect((await db.orderLine.findUniqueOrThrow({ where: { id: line.id } })).status).toBe("delivered");
    fake.requests.length = 0;
    expect(await refundDeliveredLine(line.id, { now: h.now(), reason: "Faulty card", actorId: "staff_1" })).toBe(
      "refunded",
    );
    const second = await db.refund.findFirstOrThrow({ where: { lineId: line.id, status: "succeeded" } });
    expect(refundCalls().map((x) => x.idempotencyKey)).toEqual([`shop-refund-${second.id}`]);
  });

  it("finishes a refund whose answer was lost with the same key: Stripe refunds once", async () => {
    const { order } = await paidStripeOrder([{ itemCode: "TEST-INSTANT", quantity: 1 }]);
    const line = order.lines[0]!;
    const stripe = createStripeProvider({ secretKey, apiBase: fake.apiBase });
    // Stripe refunds, then the answer is lost on the way back (a timeout).
    setPaymentProvider({
      ...stripe,
      refund: async (input) => {
        await stripe.refund(input);
        throw new Error("timeout");
      },
    });
    try {
      expect(await refundDeliveredLine(line.id, { now: h.now(), reason: "Faulty card", actorId: "staff_1" })).toBe(
        "in_progress",
      );
    } finally {
      setPaymentProvider(stripe);
    }
    const refund = await db.refund.findFirstOrThrow({ where: { lineId: line.id } });
    expect(refund.status).toBe("pending");
    await reconcileOnce({ now: new Date(refund.nextAttemptAt!.getTime() + 1000) });
    expect(await db.refund.findUniqueOrThrow({ where: { id: refund.id } })).toMatchObject({ status: "succeeded" });
    expect((await db.orderLine.findUniqueOrThrow({ where: { id: line.id } })).status).toBe("refunded");
    // The retry finds the refund Stripe already made (by the shop's refund id) and records it.
    expect(refundCalls().filter((c) => c.idempotencyKey === `shop-refund-${refund.id}`)).toHaveLength(1);
    expect(fake.refundsCreated.filter((x) => x.shopRefundId === refund.id)).toHaveLength(1);
  });

  it("refunds a delivered line by staff through Stripe with the line's amount", async () => {
    const { order, payment } = await paidStripeOrder([{ itemCode: "TEST-INSTANT", quantity: 3 }]);
    const line = order.lines[0]!;
    expect(await refundDeliveredLine(line.id, { now: h.now(), reason: "Faulty card", actorId: "staff_1" })).toBe(
      "refunded",
    );
    const call = refundCalls().at(-1)!;
    expect(call.form).toMatchObject({ payment_intent: `pi_for_${payment.providerRef}`, amount: "330" });
    const refund = await db.refund.findFirstOrThrow({ where: { lineId: line.id } });
    expect(refund).toMatchObject({ status: "succeeded", providerRef: expect.stringMatching(/^re_test_/) });
    expect(call.idempotencyKey).toBe(`shop-refund-${refund.id}`);
  });
});
