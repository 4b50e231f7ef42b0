// An order's timeline speaks the language the order was placed in (docs/markets.md#languages):
// each shopper-visible entry is stored as a kind with its facts and written from the catalogs when
// the page is read; staff keep the English sentence; a row stored before (a sentence only) shows
// as it was written.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { formatMarketMoney } from "@/lib/markets/format";
import { fulfilPaidOrder } from "@/lib/orders/fulfilment/fulfil-order";
import { getOrderViewByToken } from "@/lib/orders/view/order-view";
import { settle } from "../money/money-harness";
import { createHarness, type Harness } from "../orders/harness";
import { buyInMarket, createIndonesia, orderWithMoney, pinPrices } from "../markets/market-harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await pinPrices(h, { "TEST-FAIL": ["4.99", "5.49"], "TEST-INSTANT": ["19.37", "21.31"] });
  await createIndonesia(h);
});
afterAll(async () => h.close());

// The shop's own English sentences an Indonesian shopper must never read on their order page.
const english = /Order placed|Payment of|Paid\.|Buying your item|supplier|Refunded|refunded|Your order|Your codes/;

async function refundedIndonesianOrder() {
  const { result } = await buyInMarket(h, [{ itemCode: "TEST-FAIL", quantity: 1 }], { market: "id", locale: "id" });
  if (!result.ok) throw new Error(result.message);
  await fulfilPaidOrder(result.orderId, h.now());
  await settle(h, { done: async () => (await orderWithMoney(result.orderId)).lines[0]!.status === "refunded" });
  return result;
}

describe("the timeline of an order", () => {
  it("shows an Indonesian order's timeline, its refund included, in Indonesian with rupiah written the Indonesian way", async () => {
    const result = await refundedIndonesianOrder();
    const view = await getOrderViewByToken(result.token);
    const messages = view!.timeline.map((t) => t.message);
    expect(messages.length).toBeGreaterThan(3);
    for (const m of messages) expect(m).not.toMatch(english);
    const refund = (await orderWithMoney(result.orderId)).refunds[0]!;
    const amount = formatMarketMoney(refund.amount.toFixed(0), "IDR", "id");
    expect(messages.some((m) => m.includes(amount))).toBe(true);
  });

  it("keeps the English sentence of every entry for staff", async () => {
    const result = await refundedIndonesianOrder();
    const events = await db.orderEvent.findMany({ where: { orderId: result.orderId }, orderBy: { createdAt: "asc" } });
    expect(events.map((e) => e.message)).toContain("Order placed.");
    expect(events.some((e) => e.message.startsWith("Refunded "))).toBe(true);
  });

  it("shows a row stored as a sentence only (before the kinds) as it was written", async () => {
    const { result } = await buyInMarket(h, [{ itemCode: "TEST-INSTANT", quantity: 1 }], {
      market: "id",
      locale: "id",
    });
    if (!result.ok) throw new Error(result.message);
    await db.orderEvent.create({
      data: { orderId: result.orderId, kind: "note", cause: "staff", message: "An old sentence.", createdAt: h.now() },
    });
    const view = await getOrderViewByToken(result.token);
    expect(view!.timeline.map((t) => t.message)).toContain("An old sentence.");
  });
});
