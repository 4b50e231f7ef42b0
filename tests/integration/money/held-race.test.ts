// Hole 1: a staff refund of a held payment racing an owner's release must not both buy and
// give the money back. The payment leaves `held` by a conditional claim before the provider
// is called; whoever claims second is told plainly.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { setPaymentProvider } from "@/lib/payments";
import { markPaymentHeld } from "@/lib/orders/payment/confirm-payment";
import { refundHeldPayment, releaseHeldPayment } from "@/lib/orders/payment/held-payments";
import { gate } from "../../helpers/spy-provider";
import { createHarness, type Harness } from "../orders/harness";
import { buy, cards, orderById, installSpyProvider } from "./money-harness";

let h: Harness;
beforeAll(async () => (h = await createHarness()));
afterAll(async () => h.close());
afterEach(() => setPaymentProvider(null));

async function heldOrder() {
  const spy = installSpyProvider();
  const r = await buy(h, "TEST-INSTANT", { card: cards.delayed });
  if (!r.ok || !("orderId" in r)) throw new Error("checkout failed");
  const payment = await db.payment.findFirstOrThrow({ where: { orderId: r.orderId } });
  await markPaymentHeld(payment.id, "Reported amount differs from the order total", { now: h.now(), cause: "payment" });
  spy.settle(payment.providerRef!); // the provider captured the money; the shop holds it for review
  return { spy, orderId: r.orderId, paymentId: payment.id };
}

const staff = { actorId: "staff-1", reason: "Customer asked", now: new Date() };

describe("held payment: refund and release race", () => {
  it("a release that comes while the refund is at the provider loses, and nothing is bought", async () => {
    const { spy, orderId, paymentId } = await heldOrder();
    const g = gate();
    spy.hooks.beforeRefund = g;
    const refunding = refundHeldPayment(paymentId, { ...staff, now: h.now() });
    await g.reached;
    const released = await releaseHeldPayment(paymentId, { ...staff, actorId: "owner-1", now: h.now() });
    g.open();
    const refunded = await refunding;

    expect(released).not.toBe("released");
    expect(refunded.result).toBe("refunded");
    const order = await orderById(orderId);
    expect(order.lines.every((l) => l.status !== "delivered")).toBe(true);
    expect(
      h.control
        .listOrders()
        .filter((o) => o.item_code === "TEST-INSTANT" && o.idempotency_key === order.lines[0]!.idempotencyKey),
    ).toHaveLength(0);
    expect(order.lines[0]!.idempotencyKey).toBeNull();
    expect(spy.netFor(orderId).toFixed(2)).toBe("0.00");
  });

  it("a refund that comes after the release has claimed the payment is refused and refunds nothing", async () => {
    const { spy, orderId, paymentId } = await heldOrder();
    const released = await releaseHeldPayment(paymentId, { ...staff, actorId: "owner-1", now: h.now() });
    const refunded = await refundHeldPayment(paymentId, { ...staff, now: h.now() });
    expect(released).toBe("released");
    expect(refunded.result).toBe("not_held");
    expect(spy.hooks.refundCalls).toBe(0);
    expect((await orderById(orderId)).lines[0]!.status).toBe("delivered");
    expect(spy.netFor(orderId).toFixed(2)).toBe("1.10");
  });
});
