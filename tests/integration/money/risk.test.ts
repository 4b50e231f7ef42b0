// Card-testing and fraud controls at checkout: a burst of declined payments from one client, card
// or email is stopped before it reaches the payment provider; a first-time buyer's large order,
// or a burst of orders from one email, is charged but held for staff review, never bought before
// staff release it. Every attempt is recorded for the rules and for staff.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { setPaymentProvider } from "@/lib/payments";
import { createTestProvider } from "@/lib/payments/test-provider";
import { releaseHeldPayment } from "@/lib/orders/payment/held-payments";
import { moneySettingKeys } from "@/lib/orders/core/money-settings";
import { placeOrder } from "@/lib/orders/checkout/place-order";
import { quoteItems } from "@/lib/orders/quote/quote";
import { fulfilPaidOrder } from "@/lib/orders/fulfilment/fulfil-order";
import { reconcileOnce } from "@/lib/orders/reconcile";
import { listRiskAttempts } from "@/lib/admin/risk/list-attempts";
import { setSessionOverrideForTests } from "@/lib/auth/guards";
import { actAs, createRoleUsers } from "../auth/helpers";
import { createHarness, type Harness } from "../orders/harness";
import { cards } from "./money-harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await db.setting.create({ data: { key: moneySettingKeys.firstOrderReviewAbove, value: "5.00" } });
});
afterAll(async () => h.close());
beforeEach(() => h.advance(60 * 60_000)); // each test starts after the previous one's windows

let n = 0;
async function attempt(o: { ip: string; card?: string; email?: string; quantity?: number }) {
  const items = [{ itemCode: "TEST-INSTANT", quantity: o.quantity ?? 1 }];
  const quote = await quoteItems(items);
  const r = await placeOrder(
    {
      email: o.email ?? `buyer${++n}@example.com`,
      items,
      card: { number: o.card ?? cards.ok, expiry: "12/30", cvc: "123" },
      expectedTotal: quote.total.toFixed(2),
    },
    { now: h.now(), client: { ip: o.ip } },
  );
  if (r.ok) await fulfilPaidOrder(r.orderId, h.now());
  return r;
}
const chargesSince = (since: Date) => db.testProviderCharge.count({ where: { createdAt: { gte: since } } });

describe("card testing", () => {
  it("stops a client after three declined payments, before the provider is asked again, and shows it to staff", async () => {
    const since = new Date();
    for (let i = 0; i < 3; i++)
      expect(await attempt({ ip: "203.0.113.7", card: cards.declined })).toMatchObject({
        ok: false,
        message: expect.stringMatching(/declined/),
      });
    const charges = await chargesSince(since);
    const stopped = await attempt({ ip: "203.0.113.7", card: cards.ok });
    expect(stopped).toMatchObject({ ok: false, message: expect.stringMatching(/Too many payments were declined/) });
    expect(await chargesSince(since)).toBe(charges);
    const rows = await db.checkoutAttempt.findMany({ where: { ip: "203.0.113.7" }, orderBy: { createdAt: "asc" } });
    expect(rows.map((r) => r.outcome)).toEqual(["declined", "declined", "declined", "refused"]);
    expect(rows[3]!.reason).toMatch(/declined payments from this client/);
    expect(
      rows.every((r) => !JSON.stringify(r).includes("4000000000000002") && !JSON.stringify(r).includes("4242")),
    ).toBe(true);
    // Another client is not affected.
    expect(await attempt({ ip: "198.51.100.2" })).toMatchObject({ ok: true });
    // Staff see the stop and who was behind it on the risk page.
    const users = await createRoleUsers("risk");
    actAs(users.support);
    try {
      const view = await listRiskAttempts({ page: 1, outcome: "refused", now: new Date(h.clock.ms + 60_000) });
      expect(view.rows.map((r) => [r.ip, r.outcome])).toContainEqual(["203.0.113.7", "refused"]);
      expect(view.topClients[0]).toEqual({ ip: "203.0.113.7", declinedOrRefused: 4 });
    } finally {
      setSessionOverrideForTests(undefined);
    }
  });

  it("stops a card declined three times, from whichever clients it comes", async () => {
    for (const ip of ["192.0.2.1", "192.0.2.2", "192.0.2.3"]) await attempt({ ip, card: cards.declined });
    expect(await attempt({ ip: "192.0.2.4", card: cards.declined })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/Too many payments/),
    });
    expect(await attempt({ ip: "192.0.2.4", card: cards.ok })).toMatchObject({ ok: true });
  });
});

describe("orders held for review", () => {
  it("holds a first-time buyer's order above the limit: charged, not bought, until staff release it", async () => {
    const r = await attempt({ ip: "203.0.113.20", email: "new@example.com", quantity: 5 });
    if (!r.ok) throw new Error(r.message);
    const order = await db.order.findUniqueOrThrow({
      where: { id: r.orderId },
      include: { payments: true, lines: true },
    });
    expect(order.payments[0]).toMatchObject({
      status: "held",
      failureReason: expect.stringMatching(/first order of 5\.50 USD, above the 5\.00 limit/),
    });
    expect(order.lines[0]!.status).toBe("awaiting_payment");
    expect(order.lines[0]!.idempotencyKey).toBeNull();
    expect((await db.checkoutAttempt.findFirstOrThrow({ where: { orderId: r.orderId } })).outcome).toBe("review");
    expect(await releaseHeldPayment(order.payments[0]!.id, { actorId: "owner", reason: "Checked", now: h.now() })).toBe(
      "released",
    );
    expect((await db.orderLine.findFirstOrThrow({ where: { orderId: r.orderId } })).status).toBe("delivered");
    // Now a returning buyer: the same amount goes straight through.
    const again = await attempt({ ip: "203.0.113.20", email: "new@example.com", quantity: 5 });
    if (!again.ok) throw new Error(again.message);
    expect((await db.orderLine.findFirstOrThrow({ where: { orderId: again.orderId } })).status).toBe("delivered");
  });

  it("holds a delayed card's payment for review when it confirms later", async () => {
    setPaymentProvider(createTestProvider({ delayMs: 30_000 }));
    try {
      const r = await attempt({ ip: "203.0.113.21", email: "slow@example.com", quantity: 6, card: cards.delayed });
      if (!r.ok) throw new Error(r.message);
      await h.advance(60_000);
      await reconcileOnce({ now: h.now() });
      const order = await db.order.findUniqueOrThrow({
        where: { id: r.orderId },
        include: { payments: true, lines: true },
      });
      expect(order.payments[0]!.status).toBe("held");
      expect(order.lines[0]!.status).toBe("awaiting_payment");
    } finally {
      setPaymentProvider(null);
    }
  });

  it("holds the sixth order within an hour from a new buyer's email, never a returning buyer's", async () => {
    // Five orders that are never delivered (the item fails upstream): still a new buyer.
    for (let i = 0; i < 5; i++)
      await placeOrder(
        {
          email: "busy@example.com",
          items: [{ itemCode: "TEST-FAIL", quantity: 1 }],
          card: { number: cards.ok, expiry: "12/30", cvc: "123" },
          expectedTotal: "1.10",
        },
        { now: h.now(), client: { ip: "203.0.113.30" } },
      );
    const sixth = await attempt({ ip: "203.0.113.30", email: "busy@example.com" });
    if (!sixth.ok) throw new Error(sixth.message);
    const p = await db.payment.findFirstOrThrow({ where: { orderId: sixth.orderId } });
    expect(p).toMatchObject({
      status: "held",
      failureReason: expect.stringMatching(/6 orders within an hour from a new buyer's email/),
    });
    // A buyer with a delivered order keeps buying without review.
    for (let i = 0; i < 7; i++)
      expect(await attempt({ ip: "203.0.113.31", email: "regular@example.com" })).toMatchObject({
        ok: true,
        paymentStatus: "succeeded",
      });
  });
});
