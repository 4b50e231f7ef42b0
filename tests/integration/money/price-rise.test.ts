// Hole 3: the upstream cost can rise between the quote and the purchase (a delayed card, a
// Stripe page left open, 402 retries, a held payment released days later). A line whose quote
// is old is priced again before its first purchase; below the minimum margin it is not bought.
// Whatever the upstream actually charged is recorded, and a sale below cost is flagged.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { setPaymentProvider } from "@/lib/payments";
import { createTestProvider } from "@/lib/payments/test-provider";
import { buyHeldLineAnyway, refundHeldLine } from "@/lib/orders/fulfilment/attention";
import { moneySettingKeys } from "@/lib/orders/core/money-settings";
import { createHarness, type Harness } from "../orders/harness";
import { buy, cards, orderById, settle } from "./money-harness";

let h: Harness;
beforeAll(async () => (h = await createHarness()));
afterAll(async () => h.close());
afterEach(() => {
  setPaymentProvider(null);
  h.control.setFaults({ priceRiseNext: 0 });
  h.control.publishChanges({ priceChanges: { "TEST-INSTANT": "1.00" } });
});

const upstreamOrdersFor = (key: string | null) => h.control.listOrders().filter((o) => o.idempotency_key === key);

describe("upstream price rises after the quote", () => {
  it("does not buy a line whose cost rose past its margin while the card was confirming, and refunds it", async () => {
    setPaymentProvider(createTestProvider({ delayMs: 10 * 60_000 }));
    const r = await buy(h, "TEST-INSTANT", { card: cards.delayed });
    if (!r.ok || !("orderId" in r)) throw new Error("checkout failed");
    h.control.publishChanges({ priceChanges: { "TEST-INSTANT": "1.50" } });
    await settle(h, {
      stepMs: 5 * 60_000,
      done: async () => (await orderById(r.orderId)).lines[0]!.status === "refunded",
    });

    const order = await orderById(r.orderId);
    expect(order.lines[0]!.status).toBe("refunded");
    expect(order.lines[0]!.failureReason).toMatch(/price/i);
    expect(
      h.control
        .listOrders()
        .filter(
          (o) => o.item_code === "TEST-INSTANT" && o.created_at >= new Date(h.clock.ms - 3_600_000).toISOString(),
        ),
    ).toHaveLength(0);
    expect(order.refunds.map((x) => x.amount.toFixed(2))).toEqual(["1.10"]);
  });

  it("records the upstream charge of every purchase and flags a line bought above its sale price", async () => {
    h.control.setFaults({ priceRiseNext: 1, priceRisePercent: 50 });
    const r = await buy(h, "TEST-INSTANT");
    if (!r.ok || !("orderId" in r)) throw new Error("checkout failed");
    await settle(h, { max: 3, done: async () => (await orderById(r.orderId)).lines[0]!.status === "delivered" });
    const line = (await orderById(r.orderId)).lines[0]!;
    expect(line.status).toBe("delivered");
    expect(upstreamOrdersFor(line.idempotencyKey)).toHaveLength(1);
    expect(line.upstreamAmount?.toFixed(2)).toBe("1.50");
    const { checkBooks } = await import("@/lib/orders/books/books");
    const books = await checkBooks({ orderIds: [r.orderId] });
    expect(books.problems.map((p) => p.kind)).toContain("sold_below_cost");
  });

  describe("when the owner chose to hold such lines for staff", () => {
    async function heldLine() {
      await db.setting.upsert({
        where: { key: moneySettingKeys.priceRiseAction },
        create: { key: moneySettingKeys.priceRiseAction, value: "hold" },
        update: { value: "hold" },
      });
      setPaymentProvider(createTestProvider({ delayMs: 10 * 60_000 }));
      const r = await buy(h, "TEST-INSTANT", { card: cards.delayed });
      if (!r.ok || !("orderId" in r)) throw new Error("checkout failed");
      h.control.publishChanges({ priceChanges: { "TEST-INSTANT": "1.50" } });
      await settle(h, { stepMs: 5 * 60_000, max: 4 });
      const line = (await orderById(r.orderId)).lines[0]!;
      expect(line.status).toBe("paid");
      expect(line.nextCheckAt).toBeNull();
      expect(line.attentionReason).toMatch(/now charges 1\.50 USD/);
      expect(line.idempotencyKey).toBeNull();
      return { orderId: r.orderId, lineId: line.id };
    }
    afterEach(async () => db.setting.deleteMany({ where: { key: moneySettingKeys.priceRiseAction } }));

    it("buys nothing until staff decide, then buys once at the new price when they accept it", async () => {
      const { orderId, lineId } = await heldLine();
      expect(await buyHeldLineAnyway(lineId, { actorId: "staff-1", now: h.now() })).toBe(true);
      const line = (await orderById(orderId)).lines[0]!;
      expect(line.status).toBe("delivered");
      expect(line.upstreamAmount?.toFixed(2)).toBe("1.50");
      expect(upstreamOrdersFor(line.idempotencyKey)).toHaveLength(1);
    });

    it("refunds the shopper when staff decide not to buy", async () => {
      const { orderId, lineId } = await heldLine();
      expect(await refundHeldLine(lineId, { actorId: "staff-1", now: h.now(), reason: "Not at that price." })).toBe(
        true,
      );
      const order = await orderById(orderId);
      expect(order.lines[0]!.status).toBe("refunded");
      expect(order.refunds.map((x) => [x.amount.toFixed(2), x.status])).toEqual([["1.10", "succeeded"]]);
    });
  });
});
