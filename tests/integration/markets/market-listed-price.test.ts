// A market whose negative adjustment meets the margin floor: the price is lifted to the first
// price point above the floor (docs/markets.md#the-margin-floor). The quote's listed price is the
// same conversion of the same catalog price, so a shopper is not told that the supplier's price
// moved ("priceChanged") when it did not, nor shown a listed price below the price charged.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../orders/harness";
import { createMarket, pinPrices, shownQuote } from "./market-harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  // TEST-INSTANT: cost 19.37 → 21.31 USD (floor 19.76: cost + 2 %, at least 0.10), unchanged at the supplier.
  await pinPrices(h, { "TEST-INSTANT": ["19.37", "21.31"] });
  await createMarket({
    slug: "br",
    name: "Brazil",
    currency: "BRL",
    rate: "5.35",
    rateSetAt: new Date(h.clock.ms - 3_600_000),
    adjustmentPercent: "-10",
    rounding: { kind: "ending", value: "0.90" },
  });
});
afterAll(async () => h.close());

describe("a quote in a market whose adjustment is cut short by the margin floor", () => {
  it("does not tell the shopper the supplier's price moved when only the floor lifted it", async () => {
    const shown = await shownQuote(h, [{ itemCode: "TEST-INSTANT", quantity: 1 }], "br");
    // 21.31 × 5.35 × 0.90 = 102.61 → R$ 102,90, below the floor 19.76 × 5.35 = 105.716 → R$ 105,90.
    expect(shown.lines[0]!.unitPrice).toBe("105.90");
    expect({ listedUnitPrice: shown.lines[0]!.listedUnitPrice, priceChanged: shown.lines[0]!.priceChanged }).toEqual({
      listedUnitPrice: "105.90",
      priceChanged: false,
    });
  });
});
