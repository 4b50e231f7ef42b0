// A promo code whose whole discount the market's price points round away: in the wallet currency a
// code that takes nothing off is refused ("does not apply to anything in your cart") and never
// used up; in a market the shopper must likewise not spend a limited code on a price it did not
// lower (docs/markets.md#the-quote-and-checkout: the code's discount in the market's currency is
// the converted price before the code less the converted price after it).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { quoteWithPromoForClient } from "@/lib/orders/quote/client-promo-quote";
import { createHarness, type Harness } from "../orders/harness";
import { createPromo } from "../promos/promo-harness";
import { buyInMarket, createMarket, pinPrices, shownQuote } from "./market-harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  // TEST-INSTANT: cost 19.37 → 21.31 USD.
  await pinPrices(h, { "TEST-INSTANT": ["19.37", "21.31"] });
  await createMarket({
    slug: "id",
    name: "Indonesia",
    currency: "IDR",
    rate: "16500",
    rateSetAt: new Date(h.clock.ms - 3_600_000),
    bufferPercent: "2",
    rounding: { kind: "up-to-step", value: "5000" },
  });
});
afterAll(async () => h.close());

describe("a promo code in a market whose price points swallow its discount", () => {
  it("does not use up a one-time code that takes nothing off the rupiah price", async () => {
    const promo = await createPromo({ code: "CENT", kind: "amount", value: "0.01", maxUses: 1 });
    const items = [{ itemCode: "TEST-INSTANT", quantity: 1 }];
    // 21.31 × 16 830 = 358 647 and 21.30 × 16 830 = 358 479: both Rp 360 000.
    const withCode = await shownQuote(h, items, "id", "CENT");
    const without = await shownQuote(h, items, "id");
    expect([withCode.total, without.total]).toEqual(["360000", "360000"]);

    const { result } = await buyInMarket(h, items, { market: "id", code: "CENT", expectedTotal: withCode.total });
    const redemptions = await db.promoRedemption.count({ where: { promoCodeId: promo.id, status: "active" } });
    // Rp 360 000 with the code as without it: the code must not be spent (refused, or the order placed without it).
    expect({ placed: result.ok, codeUsesTaken: redemptions }).toEqual({ placed: result.ok, codeUsesTaken: 0 });
  });

  it("tells the shopper applying the code that it takes nothing off in this market", async () => {
    const items = [{ itemCode: "TEST-INSTANT", quantity: 1 }];
    const r = await quoteWithPromoForClient(items, "CENT", "203.0.113.21", { now: h.now(), market: "id" });
    if (!r.ok) throw new Error(r.message);
    expect({ total: r.quote.total.toFixed(), promo: r.quote.promo, problem: "promoProblem" in r }).toEqual({
      total: "360000",
      promo: null,
      problem: true,
    });
    const { result } = await buyInMarket(h, items, { market: "id", code: "CENT", expectedTotal: "360000" });
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: { promoCode: [expect.stringMatching(/takes nothing off/)] },
    });
  });
});
