// Staff's way out of a HELD Stripe payment: release (owner: the order is paid and bought once)
// or refund in full (owner/staff: one Stripe refund of what was captured, order cancelled,
// nothing bought). Held payments are produced for real: a signed event with another amount.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { refundHeldPaymentAction, releaseHeldPaymentAction } from "@/lib/admin/payments/actions";
import { setSessionOverrideForTests } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { releaseHeldPayment } from "@/lib/orders/payment/held-payments";
import { reconcileOnce } from "@/lib/orders/reconcile";
import { placeOrder } from "@/lib/orders/checkout/place-order";
import { quoteItems } from "@/lib/orders/quote/quote";
import { getHealth } from "@/lib/admin/overview/health";
import { setPaymentProvider } from "@/lib/payments";
import { createStripeProvider } from "@/lib/payments/stripe/stripe-provider";
import { waitForAfterResponseTasks } from "@/lib/http/after-response";
import { actAs, createRoleUsers, type TestUsers } from "../auth/helpers";
import { createHarness, type Harness } from "../orders/harness";
import type { FakeStripe } from "../stripe/fake-stripe";
import { deliver, eventPayload, secretKey, sign, stopStripe, useStripe } from "../stripe/stripe-harness";

let h: Harness;
let fake: FakeStripe;
let users: TestUsers;
beforeAll(async () => {
  h = await createHarness();
  fake = await useStripe();
  users = await createRoleUsers("held");
});
afterAll(async () => {
  await stopStripe(fake);
  await h.close();
});
afterEach(() => {
  setSessionOverrideForTests(undefined);
  fake.state.refundStatus = "succeeded";
});

/** A Stripe order whose shopper paid `paid` (what Stripe captured) instead of the 1.10 USD total. */
async function heldPayment(paid: { amount_total?: number; currency?: string } = { amount_total: 109 }) {
  const items = [{ itemCode: "TEST-INSTANT", quantity: 1 }];
  const quote = await quoteItems(items);
  const r = await placeOrder(
    { email: "buyer@example.com", items, expectedTotal: quote.total.toFixed(2) },
    { now: h.now() },
  );
  if (!r.ok) throw new Error(r.message);
  const payment = await db.payment.findFirstOrThrow({ where: { orderId: r.orderId } });
  const session = Object.assign(fake.complete(payment.providerRef!), paid);
  const payload = eventPayload("checkout.session.completed", session);
  const res = await deliver(payload, sign(payload, { timestampSec: Math.floor(h.clock.ms / 1000) }), {
    nowMs: h.clock.ms,
  });
  expect(res.status).toBe(200);
  await waitForAfterResponseTasks();
  const held = await db.payment.findUniqueOrThrow({ where: { id: payment.id } });
  expect(held.status).toBe("held");
  return { orderId: r.orderId, paymentId: payment.id };
}

function form(paymentId: string, reason = "Checked with the customer"): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries({ paymentId, reason, confirm: "yes" })) fd.set(k, v);
  return fd;
}

const refundCalls = () => fake.requests.filter((x) => x.method === "POST" && x.path === "/v1/refunds");
const orderOf = (orderId: string) =>
  db.order.findUniqueOrThrow({ where: { id: orderId }, include: { lines: true, payments: true } });

describe("releasing a held payment", () => {
  it("pays the order, buys it upstream exactly once and refuses a second release", async () => {
    const { orderId, paymentId } = await heldPayment();
    const upstreamBefore = h.control.listOrders().length;
    actAs(users.owner);
    expect(await releaseHeldPaymentAction(null, form(paymentId))).toMatchObject({ ok: true });
    const order = await orderOf(orderId);
    expect(order.payments[0]!.status).toBe("succeeded");
    expect(order.lines[0]!.status).toBe("delivered");
    expect(order.status).toBe("completed");
    expect(h.control.listOrders().length).toBe(upstreamBefore + 1);
    expect(
      await db.orderEvent.count({
        where: { orderId, cause: "staff", causeRef: users.owner.id, toStatus: "paid", lineId: null },
      }),
    ).toBe(1);
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "payment.release", targetId: orderId } });
    expect(JSON.parse(audit.before!)).toMatchObject({ paymentId, status: "held" });
    expect(JSON.parse(audit.after!)).toMatchObject({ result: "released", orderStatus: "completed" });
    expect(await db.outboxEmail.count({ where: { orderId, kind: "order_received" } })).toBe(1);

    const again = await releaseHeldPaymentAction(null, form(paymentId));
    expect(again).toMatchObject({ ok: false, message: expect.stringMatching(/Only a held payment/) });
    expect(await releaseHeldPayment(paymentId, { actorId: users.owner.id, reason: "again", now: h.now() })).toBe(
      "not_held",
    );
    expect(h.control.listOrders().length).toBe(upstreamBefore + 1);
    expect(refundCalls()).toHaveLength(0);
  });

  it("refuses release to staff and support (owner only) and changes nothing", async () => {
    const { orderId, paymentId } = await heldPayment();
    for (const user of [users.staff, users.support]) {
      actAs(user);
      expect(await releaseHeldPaymentAction(null, form(paymentId))).toMatchObject({ ok: false });
    }
    expect((await orderOf(orderId)).payments[0]!.status).toBe("held");
    expect(await db.auditLog.count({ where: { targetId: orderId } })).toBe(0);
  });

  it("refuses to release or refund a payment that is not held", async () => {
    const { paymentId } = await heldPayment();
    actAs(users.owner);
    expect(await releaseHeldPaymentAction(null, form(paymentId))).toMatchObject({ ok: true });
    const calls = refundCalls().length;
    expect(await refundHeldPaymentAction(null, form(paymentId))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/Only a held payment/),
    });
    expect(refundCalls()).toHaveLength(calls);
    expect(await db.refund.count({ where: { paymentId } })).toBe(0);
  });
});

describe("refunding a held payment", () => {
  it("refunds what Stripe captured in one call with the Refund row's key, cancels the order and buys nothing", async () => {
    const { orderId, paymentId } = await heldPayment({ amount_total: 109 });
    const upstreamBefore = h.control.listOrders().length;
    fake.requests.length = 0;
    actAs(users.staff);
    expect(await refundHeldPaymentAction(null, form(paymentId, "Paid the wrong amount"))).toMatchObject({
      ok: true,
      message: "Refunded 1.09 USD; the order is cancelled.",
    });
    const calls = refundCalls();
    expect(calls).toHaveLength(1);
    const refund = await db.refund.findFirstOrThrow({ where: { paymentId } });
    expect(refund).toMatchObject({
      status: "succeeded",
      kind: "held_payment",
      lineId: null,
      currency: "USD",
      providerRef: expect.stringMatching(/^re_test_/),
    });
    expect(refund.amount.toFixed(2)).toBe("1.09");
    expect(calls[0]!.idempotencyKey).toBe(`shop-refund-${refund.id}`);
    expect(calls[0]!.form).toMatchObject({ amount: "109" });
    const order = await orderOf(orderId);
    expect(order.status).toBe("cancelled");
    expect(order.lines.map((l) => l.status)).toEqual(["cancelled"]);
    expect(order.payments[0]!.status).toBe("refunded");
    expect(h.control.listOrders().length).toBe(upstreamBefore);
    expect(await db.orderEvent.count({ where: { orderId, cause: "staff", toStatus: "cancelled", lineId: null } })).toBe(
      1,
    );
    expect(await db.auditLog.count({ where: { action: "payment.refund_held", targetId: orderId } })).toBe(1);
    const email = await db.outboxEmail.findFirstOrThrow({ where: { orderId, kind: "refunded" } });
    expect(email.text).toMatch(/refunded your payment of \$1\.09 in full/);
    expect(await refundHeldPaymentAction(null, form(paymentId))).toMatchObject({ ok: false });
    expect(refundCalls()).toHaveLength(1);
  });

  it("puts the payment back to held when Stripe refuses, and a staff retry is a new refund attempt", async () => {
    const { orderId, paymentId } = await heldPayment();
    fake.requests.length = 0;
    fake.state.refundStatus = "failed";
    actAs(users.owner);
    expect(await refundHeldPaymentAction(null, form(paymentId))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/stays held/),
    });
    expect((await orderOf(orderId)).payments[0]!.status).toBe("held");
    expect((await orderOf(orderId)).status).toBe("awaiting_payment");
    const refused = await db.refund.findFirstOrThrow({ where: { paymentId } });
    expect(refused).toMatchObject({ status: "failed", failureReason: "expired_or_canceled_card" });
    // Stripe refused for good (nothing was given back), so asking again is a new refund with its
    // own key; the refused one stays on record.
    fake.state.refundStatus = "succeeded";
    expect(await refundHeldPaymentAction(null, form(paymentId))).toMatchObject({ ok: true });
    const refunds = await db.refund.findMany({ where: { paymentId }, orderBy: { createdAt: "asc" } });
    expect(refunds.map((r) => r.status)).toEqual(["failed", "succeeded"]);
    expect(refundCalls().map((c) => c.idempotencyKey)).toEqual(refunds.map((r) => `shop-refund-${r.id}`));
    expect((await orderOf(orderId)).status).toBe("cancelled");
  });

  it("finishes with the same Refund row and key after the provider could not be reached", async () => {
    const { orderId, paymentId } = await heldPayment();
    const stripe = createStripeProvider({ secretKey, apiBase: fake.apiBase });
    setPaymentProvider({ ...stripe, refund: async () => Promise.reject(new Error("timeout")) });
    fake.requests.length = 0;
    actAs(users.owner);
    try {
      expect(await refundHeldPaymentAction(null, form(paymentId))).toMatchObject({
        ok: true,
        message: expect.stringMatching(/on its way/),
      });
    } finally {
      setPaymentProvider(stripe);
    }
    // Claimed before the call: nobody can release it meanwhile, and a second refund is refused.
    expect((await orderOf(orderId)).payments[0]!.status).toBe("refunding");
    expect(await refundHeldPaymentAction(null, form(paymentId))).toMatchObject({ ok: false });
    const refund = await db.refund.findFirstOrThrow({ where: { paymentId } });
    expect(refund.status).toBe("pending");
    await reconcileOnce({ now: new Date(refund.nextAttemptAt!.getTime() + 1000) });
    expect(refundCalls().map((c) => c.idempotencyKey)).toEqual([`shop-refund-${refund.id}`]);
    expect(await db.refund.count({ where: { paymentId } })).toBe(1);
    expect((await orderOf(orderId)).status).toBe("cancelled");
    expect((await orderOf(orderId)).payments[0]!.status).toBe("refunded");
  });

  it("refuses support, and staff when the captured money is in another currency", async () => {
    const { orderId, paymentId } = await heldPayment({ currency: "eur" });
    fake.requests.length = 0;
    actAs(users.support);
    expect(await refundHeldPaymentAction(null, form(paymentId))).toMatchObject({ ok: false });
    actAs(users.staff);
    expect(await refundHeldPaymentAction(null, form(paymentId))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/needs an owner/),
    });
    expect(refundCalls()).toHaveLength(0);
    expect(await db.refund.count({ where: { paymentId } })).toBe(0);
    expect((await orderOf(orderId)).payments[0]!.status).toBe("held");
  });
});

describe("overview", () => {
  it("counts the payments still held and links the oldest", async () => {
    const before = (await getHealth()).heldPayments.count;
    await heldPayment();
    const health = await getHealth();
    expect(health.heldPayments.count).toBe(before + 1);
    expect(health.heldPayments.oldestOrderId).not.toBeNull();
    expect(await db.payment.count({ where: { status: "held" } })).toBe(health.heldPayments.count);
  });
});
