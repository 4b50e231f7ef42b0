import { describe, expect, it } from "vitest";
import { displayPrice, tilesInMarket, type DisplayPricing } from "./market-display";

const rupiah: DisplayPricing = {
  currency: "IDR",
  rate: "16000",
  fxBufferPercent: "2",
  priceAdjustmentPercent: null,
  rounding: { kind: "up-to-step", value: "1000" },
};

describe("market prices on catalog pages", () => {
  it("converts a wallet price at the market's rate plus buffer, rounded up to its price points", () => {
    // 10.00 × 16000 × 1.02 = 163200 → 164000
    expect(displayPrice("10.00", rupiah)).toBe("164000");
  });

  it("shows listing tiles in the market's currency and leaves them alone for a neutral market", () => {
    const tiles = [{ slug: "steam", fromPrice: "10.00", priceCurrency: "USD" }];
    expect(tilesInMarket(tiles, rupiah)).toEqual([{ slug: "steam", fromPrice: "164000", priceCurrency: "IDR" }]);
    expect(tilesInMarket(tiles, null)).toBe(tiles);
  });
});
