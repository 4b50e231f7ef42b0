// Hole 2: a Stripe event claimed by a process that died before applying it. Stripe's retry is
// answered "duplicate", so the shop must find the payment some other way: the delivery is
// resumed, and the reconciler recognises a complete and paid session when it retrieves it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { placeOrder } from "@/lib/orders/checkout/place-order";
import { quoteItems } from "@/lib/orders/quote/quote";
import { reconcileOnce } from "@/lib/orders/reconcile";
import { claimDelivery } from "@/lib/webhooks/record";
import { stripeWebhooks } from "@/lib/webhooks/stripe/source";
import { resumeUnsettledDeliveries } from "@/lib/webhooks/resume";
import { waitForAfterResponseTasks } from "@/lib/http/after-response";
import { createHarness, type Harness } from "../orders/harness";
import type { FakeStripe } from "../stripe/fake-stripe";
import { deliver, eventPayload, sign, stopStripe, useStripe, webhookSecret } from "../stripe/stripe-harness";

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

/** A Stripe checkout whose shopper paid; returns the signed completed event, never applied. */
async function paidButEventLost(session?: (s: Record<string, unknown>) => void) {
  const items = [{ itemCode: "TEST-INSTANT", quantity: 1 }];
  const quote = await quoteItems(items);
  const r = await placeOrder(
    { email: "buyer@example.com", items, expectedTotal: quote.total.toFixed(2) },
    { now: h.now() },
  );
  if (!r.ok) throw new Error(r.message);
  const payment = await db.payment.findFirstOrThrow({ where: { orderId: r.orderId } });
  const completed = fake.complete(payment.providerRef!);
  session?.(completed);
  const payload = eventPayload("checkout.session.completed", completed);
  const signature = sign(payload, { timestampSec: Math.floor(h.clock.ms / 1000) });
  // The process claims the event (the row says "accepted") and dies before applying it.
  const bytes = new TextEncoder().encode(payload);
  const verified = stripeWebhooks({ secret: webhookSecret }).verify(
    bytes,
    new Headers({ "stripe-signature": signature }),
    h.clock.ms,
  );
  if (!verified.ok) throw new Error(verified.reason);
  await claimDelivery("stripe", { headers: new Headers(), bytes, size: payload.length }, verified.claim);
  return { orderId: r.orderId, paymentId: payment.id, payload, signature };
}

const orderOf = (id: string) => db.order.findUniqueOrThrow({ where: { id }, include: { lines: true, payments: true } });

describe("a Stripe event claimed and never applied", () => {
  it("is answered as a duplicate on retry, and the reconciler still pays and delivers the order", async () => {
    const { orderId, payload, signature } = await paidButEventLost();
    const retry = await deliver(payload, signature, { nowMs: h.clock.ms });
    expect(await retry.json()).toMatchObject({ duplicate: true });
    expect((await orderOf(orderId)).status).toBe("awaiting_payment");

    for (let i = 0; i < 10 && (await orderOf(orderId)).lines[0]!.status !== "delivered"; i++) {
      await h.advance(60_000);
      await reconcileOnce({ now: h.now() });
      await waitForAfterResponseTasks();
    }
    const order = await orderOf(orderId);
    expect(order.payments[0]!.status).toBe("succeeded");
    expect(order.lines[0]!.status).toBe("delivered");
  });

  it("holds the payment when the retrieved session does not match the order (same checks as the webhook)", async () => {
    const { orderId, paymentId } = await paidButEventLost((s) => Object.assign(s, { amount_total: 5 }));
    for (
      let i = 0;
      i < 10 && (await db.payment.findUniqueOrThrow({ where: { id: paymentId } })).status === "pending";
      i++
    ) {
      await h.advance(60_000);
      await reconcileOnce({ now: h.now() });
    }
    expect((await db.payment.findUniqueOrThrow({ where: { id: paymentId } })).status).toBe("held");
    expect((await orderOf(orderId)).lines[0]!.status).toBe("awaiting_payment");
  });

  it("is resumed from the webhook log once it has sat unapplied for a while", async () => {
    const { orderId } = await paidButEventLost();
    await resumeUnsettledDeliveries(Date.now() + 5 * 60_000);
    await waitForAfterResponseTasks();
    await reconcileOnce({ now: h.now() });
    const order = await orderOf(orderId);
    expect(order.payments[0]!.status).toBe("succeeded");
    expect(order.lines[0]!.status).toBe("delivered");
  });
});
