// Review of the money design: the Stripe provider turns EVERY error of a refund call — a timeout
// or a dropped connection after Stripe made the refund included — into a final "failed" answer.
// The provider contract says a thrown error means "outcome unknown, retry with the same key"; a
// "failed" refund is final, so the shop records the refund as refused while the money went back,
// and staff "asking again" opens a NEW attempt with a new idempotency key: a second refund.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { placeOrder } from "@/lib/orders/checkout/place-order";
import { quoteItems } from "@/lib/orders/quote/quote";
import { refundDeliveredLine } from "@/lib/orders/refunds/refund-line";
import { reconcileOnce } from "@/lib/orders/reconcile";
import { waitForAfterResponseTasks } from "@/lib/http/after-response";
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

describe("a Stripe refund whose answer is lost after Stripe made it", () => {
  it(
    "is not recorded as refused, and asking again never refunds the line a second time",
    { timeout: 60_000 },
    async () => {
      const items = [
        { itemCode: "TEST-INSTANT", quantity: 1 },
        { itemCode: "TEST-PENDING", quantity: 1 },
      ];
      const quote = await quoteItems(items);
      const r = await placeOrder(
        { email: "buyer@example.com", items, expectedTotal: quote.total.toFixed(2) },
        { now: h.now() },
      );
      if (!r.ok) throw new Error(r.message);
      const payment = await db.payment.findFirstOrThrow({ where: { orderId: r.orderId } });
      const payload = eventPayload("checkout.session.completed", fake.complete(payment.providerRef!));
      await deliver(payload, sign(payload, { timestampSec: Math.floor(h.clock.ms / 1000) }), { nowMs: h.clock.ms });
      await waitForAfterResponseTasks();
      const line = await db.orderLine.findFirstOrThrow({ where: { orderId: r.orderId, itemCode: "TEST-INSTANT" } });
      expect(line.status).toBe("delivered");

      // Stripe refunds; the connection drops before each answer (the client's own retries included).
      fake.state.dropRefundAnswers = 3;
      const first = await refundDeliveredLine(line.id, { now: h.now(), reason: "Faulty card", actorId: "staff-1" });
      fake.state.dropRefundAnswers = 0;
      expect(fake.refundsCreated).toHaveLength(1);
      // Staff see the answer, and (if it says "failed") ask again; the reconciler runs meanwhile.
      const second = await refundDeliveredLine(line.id, { now: h.now(), reason: "Faulty card", actorId: "staff-1" });
      await h.advance(10 * 60_000);
      await reconcileOnce({ now: h.now() });

      const after = await db.orderLine.findUniqueOrThrow({ where: { id: line.id } });
      expect({ first, second, line: after.status, stripeRefunds: fake.refundsCreated.length }).toEqual({
        first: "in_progress",
        second: "skipped",
        line: "refunded",
        stripeRefunds: 1,
      });
    },
  );
});
