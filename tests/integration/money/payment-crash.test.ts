// Holes 5 and 9: the card must never be charged for an order the shop then forgets. The
// payment row exists (initiated, with its idempotency key) before the provider is called; a
// crash in between leaves a row the reconciler settles with the provider. A payment that
// succeeds on an order that can no longer be fulfilled is refunded automatically.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { setPaymentProvider } from "@/lib/payments";
import { reconcileOnce } from "@/lib/orders/reconcile";
import { gate } from "../../helpers/spy-provider";
import { createHarness, type Harness } from "../orders/harness";
import { buy, deliveredValue, latestOrder, orderById, settle, installSpyProvider } from "./money-harness";

let h: Harness;
beforeAll(async () => (h = await createHarness()));
afterAll(async () => h.close());
afterEach(() => setPaymentProvider(null));

describe("the card is charged but the checkout never records it", () => {
  it("settles the charge with the provider: the order is paid and delivered (hole 5)", async () => {
    const spy = installSpyProvider();
    spy.hooks.crashAfterCharge = true;
    const r = await buy(h, "TEST-INSTANT");
    // The shopper is told the truth: the payment is not confirmed yet (the order page follows it).
    expect(r).toMatchObject({ ok: true, paymentStatus: "pending" });
    const orderId = (await latestOrder()).id;
    expect(spy.charges.filter((c) => c.orderId === orderId)).toHaveLength(1);

    await settle(h, { stepMs: 5 * 60_000, max: 6 });
    const order = await orderById(orderId);
    // Whatever the shop decided, its books agree with the provider's: kept money = delivered value.
    expect(spy.netFor(orderId).toFixed(2)).toBe(deliveredValue(order.lines));
    expect(order.lines[0]!.status).toBe("delivered");
  });
});

describe("the abandoned-checkout sweep and a slow payment", () => {
  it("a sweep before the charge closes the attempt: the late call is declined and nothing is charged (hole 9)", async () => {
    const spy = installSpyProvider();
    const g = gate();
    spy.hooks.beforeCharge = g;
    const t0 = h.now();
    const checkout = buy(h, "TEST-INSTANT", { now: t0 });
    await g.reached;
    await reconcileOnce({ now: new Date(t0.getTime() + 16 * 60_000) });
    g.open();
    expect(await checkout).toMatchObject({ ok: false });
    const order = await latestOrder();
    expect(order.status).toBe("cancelled");
    expect(spy.netFor(order.id).toFixed(2)).toBe("0.00");
  });

  it("a sweep after the charge settles it with the provider: the order is paid and delivered once (hole 9)", async () => {
    const spy = installSpyProvider();
    const g = gate();
    spy.hooks.afterCharge = g;
    const t0 = h.now();
    const checkout = buy(h, "TEST-INSTANT", { now: t0 });
    await g.reached;
    await reconcileOnce({ now: new Date(t0.getTime() + 16 * 60_000) });
    g.open();
    expect(await checkout).toMatchObject({ ok: true });
    await settle(h, { max: 3 });
    const order = await latestOrder();
    expect(order.lines[0]!.status).toBe("delivered");
    expect(spy.netFor(order.id).toFixed(2)).toBe(deliveredValue(order.lines));
    expect(h.control.listOrders().filter((o) => o.idempotency_key === order.lines[0]!.idempotencyKey)).toHaveLength(1);
  });

  it("refunds a payment that succeeds on an order already cancelled (hole 9)", async () => {
    const spy = installSpyProvider();
    const r = await buy(h, "TEST-INSTANT", { card: "4000 0000 0000 3220" });
    if (!r.ok || !("orderId" in r)) throw new Error("checkout failed");
    // Something else ended the order meanwhile (here: the order's lines and order cancelled by hand).
    await db.order.update({ where: { id: r.orderId }, data: { status: "cancelled" } });
    await db.orderLine.updateMany({ where: { orderId: r.orderId }, data: { status: "cancelled" } });
    const payment = await db.payment.findFirstOrThrow({ where: { orderId: r.orderId } });
    spy.settle(payment.providerRef!);
    await settle(h, { max: 5 });
    const order = await orderById(r.orderId);
    expect(spy.netFor(order.id).toFixed(2)).toBe("0.00");
    expect(order.refunds.filter((x) => x.status === "succeeded").map((x) => x.amount.toFixed(2))).toEqual(["1.10"]);
  });
});
