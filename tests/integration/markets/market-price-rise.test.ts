// The price-rise guard (docs/money-rules.md#m5) for a line sold in a market with a negative price
// adjustment: the shopper paid the adjusted price, which is worth less than the line's
// wallet-currency sale at the rate of the sale. A supplier cost above what the shopper paid must
// never be bought, and the books must call such a purchase "sold below cost".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { checkBooks } from "@/lib/orders/books/books";
import { fulfilPaidOrder } from "@/lib/orders/fulfilment/fulfil-order";
import { createHarness, type Harness } from "../orders/harness";
import { pinPrices, buyInMarket, createMarket, orderWithMoney } from "./market-harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  // The default rule: +10 %, a margin of at least 2 % of cost and 0.10. TEST-INSTANT: cost 19.37 → 21.31.
  await pinPrices(h, { "TEST-INSTANT": ["19.37", "21.31"] });
  await createMarket({
    slug: "br",
    name: "Brazil",
    currency: "BRL",
    rate: "5.35",
    rateSetAt: new Date(h.clock.ms - 3_600_000),
    adjustmentPercent: "-5",
    rounding: { kind: "ending", value: "0.90" },
  });
});
afterAll(async () => h.close());

describe("a supplier price rise on a line sold with a negative market adjustment", () => {
  it("does not buy a line whose new supplier cost is above what the shopper paid at the rate of the sale", async () => {
    const { shown, result } = await buyInMarket(h, [{ itemCode: "TEST-INSTANT", quantity: 1 }], { market: "br" });
    if (!result.ok) throw new Error(result.message);
    // 21.31 × 5.35 × 0.95 = 108.31 → R$ 108,90: worth 20.36 USD at the rate of the sale (5.35).
    expect(shown).toMatchObject({ currency: "BRL", total: "108.90" });
    const before = await orderWithMoney(result.orderId);
    const paidWorth = before.lines[0]!.unitPrice.dividedBy(before.rate!);
    expect(paidWorth.toFixed(2)).toBe("20.36");

    // Past the quote window the supplier charges 20.60 a unit: more than the shopper's R$ 108,90 is worth.
    h.control.publishChanges({ priceChanges: { "TEST-INSTANT": "20.60" } });
    await h.advance(5 * 60_000);
    await fulfilPaidOrder(result.orderId, h.now());

    const order = await orderWithMoney(result.orderId);
    const line = order.lines[0]!;
    // Bought at 20.60 for a sale worth 20.36 is a sale below cost (docs/money-rules.md#m5): the line must not be bought.
    expect({ status: line.status, upstreamAmount: line.upstreamAmount?.toFixed(2) ?? null }).toEqual({
      status: expect.not.stringMatching(/^delivered$/),
      upstreamAmount: null,
    });
  });

  it("flags a line bought above what the shopper paid at the rate of the sale as sold below cost", async () => {
    h.control.publishChanges({ priceChanges: { "TEST-INSTANT": "19.37" } });
    const { result } = await buyInMarket(h, [{ itemCode: "TEST-INSTANT", quantity: 1 }], { market: "br" });
    if (!result.ok) throw new Error(result.message);
    await fulfilPaidOrder(result.orderId, h.now());
    const order = await orderWithMoney(result.orderId);
    const line = order.lines[0]!;
    expect(line.status).toBe("delivered");
    // The supplier's charge as it would be after a rise the guard let through: 20.60 for R$ 108,90 (20.36 USD).
    await db.orderLine.update({ where: { id: line.id }, data: { upstreamAmount: "20.60" } });
    const books = await checkBooks({ orderIds: [order.id], now: h.now() });
    expect(books.problems.map((p) => p.kind)).toContain("sold_below_cost");
  });
});
