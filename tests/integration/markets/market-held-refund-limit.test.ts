// A held Stripe payment of a rupiah order (the shopper paid another amount): staff may refund it
// in full within the staff refund limit, which is in the wallet currency
// (docs/markets.md#books: "staff refund limits use wallet figures"), so a payment worth about
// 21 USD is within a 200.00 USD limit however many rupiah it is.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refundHeldPaymentAction } from "@/lib/admin/payments/actions";
import { db } from "@/lib/db";
import { waitForAfterResponseTasks } from "@/lib/http/after-response";
import { actAs, createRoleUsers } from "../auth/helpers";
import { createHarness, type Harness } from "../orders/harness";
import type { FakeStripe } from "../stripe/fake-stripe";
import { deliver, eventPayload, sign, stopStripe, useStripe } from "../stripe/stripe-harness";
import { buyInMarket, createMarket, pinPrices } from "./market-harness";

let h: Harness;
let fake: FakeStripe;
beforeAll(async () => {
  h = await createHarness();
  fake = await useStripe();
  // TEST-INSTANT: cost 19.37 → 21.31 USD.
  await pinPrices(h, { "TEST-INSTANT": ["19.37", "21.31"] });
  await createMarket({
    slug: "id",
    name: "Indonesia",
    currency: "IDR",
    rate: "16500",
    rateSetAt: new Date(h.clock.ms - 3_600_000),
    bufferPercent: "2",
    rounding: { kind: "up-to-step", value: "500" },
  });
});
afterAll(async () => {
  await stopStripe(fake);
  await h.close();
});

describe("a held rupiah payment", () => {
  it("lets staff refund it within the staff limit counted in the wallet currency", async () => {
    const { shown, result } = await buyInMarket(h, [{ itemCode: "TEST-INSTANT", quantity: 1 }], {
      market: "id",
      card: null,
    });
    if (!result.ok) throw new Error(result.message);
    // 21.31 USD × 16 830 → Rp 359 000; the shopper paid Rp 358 000 (Stripe: 35 800 000): held.
    expect(shown.total).toBe("359000");
    const payment = await db.payment.findFirstOrThrow({ where: { orderId: result.orderId } });
    const session = Object.assign(fake.complete(payment.providerRef!), { amount_total: 35800000 });
    const payload = eventPayload("checkout.session.completed", session);
    const res = await deliver(payload, sign(payload, { timestampSec: Math.floor(h.clock.ms / 1000) }), {
      nowMs: h.clock.ms,
    });
    expect(res.status).toBe(200);
    await waitForAfterResponseTasks();
    expect((await db.payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe("held");

    const users = await createRoleUsers("market-held");
    const fd = new FormData();
    for (const [k, v] of Object.entries({ paymentId: payment.id, reason: "Paid the wrong amount", confirm: "yes" }))
      fd.set(k, v);
    actAs(users.staff);
    const answer = await refundHeldPaymentAction(null, fd).finally(() => actAs(null));
    expect(answer).toEqual({ ok: true, message: expect.stringMatching(/^Refunded/) });
    const refund = await db.refund.findFirstOrThrow({ where: { paymentId: payment.id } });
    expect([refund.amount.toFixed(), refund.currency]).toEqual(["358000", "IDR"]);
  });
});
