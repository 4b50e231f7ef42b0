import { describe, expect, it } from "vitest";
import { Decimal } from "@/lib/pricing/decimal";
import { DEFAULT_RULE } from "@/lib/pricing/markup";
import { convertPrice, effectiveRate, unitWalletFloor, type MarketPricing } from "./convert";
import { roundUpToPricePoint, roundingProblem, type RoundingRule } from "./rounding";

const D = (v: string) => new Decimal(v);
const step = (v: string): RoundingRule => ({ kind: "up-to-step", value: D(v) });
const ending = (v: string): RoundingRule => ({ kind: "ending", value: D(v) });

const indonesia: MarketPricing = {
  currency: "IDR",
  rate: "16000",
  fxBufferPercent: "2",
  priceAdjustmentPercent: null,
  rounding: step("500"),
};
const brazil: MarketPricing = {
  currency: "BRL",
  rate: "5.1",
  fxBufferPercent: "0",
  priceAdjustmentPercent: null,
  rounding: ending("0.90"),
};

describe("conversion", () => {
  it("applies the FX buffer to the rate and the adjustment to the price, then rounds up", () => {
    expect(effectiveRate(indonesia).toString()).toBe("16320");
    // 10.45 × 16320 = 170544 → up to the next 500
    const plain = convertPrice("10.45", "9.00", indonesia);
    expect(plain).toMatchObject({ currency: "IDR" });
    expect(plain.amount.toString()).toBe("171000");
    expect(plain.effectiveRate.toString()).toBe("16320");
    expect(plain.walletFloor.toString()).toBe("9");
    // + 5 %: 170544 × 1.05 = 179071.2 → 179500
    const adjusted = convertPrice("10.45", "9.00", { ...indonesia, priceAdjustmentPercent: "5" });
    expect(adjusted.amount.toString()).toBe("179500");
  });

  it("keeps the wallet price unchanged at rate 1 with no buffer, adjustment or rounding", () => {
    const usd = convertPrice("10.45", "10.00", {
      currency: "USD",
      rate: "1",
      fxBufferPercent: "0",
      priceAdjustmentPercent: null,
      rounding: { kind: "none" },
    });
    expect(usd.amount.toString()).toBe("10.45");
  });

  it("takes the next price point up when a negative adjustment would break the minimum margin", () => {
    // 10.45 × 16320 × 0.90 = 153489.6 → 153500, worth 9.41 USD; the floor of 10.00 needs 163200 → 163500.
    const r = convertPrice("10.45", "10.00", { ...indonesia, priceAdjustmentPercent: "-10" });
    expect(r.amount.toString()).toBe("163500");
    expect(r.amount.greaterThanOrEqualTo(r.walletFloor.times(r.effectiveRate))).toBe(true);
    // the price point below would have broken it
    expect(r.amount.minus(500).lessThan(r.walletFloor.times(r.effectiveRate))).toBe(true);
  });

  it("never returns a price below the floor, for any rule and adjustment", () => {
    const rules: [string, RoundingRule][] = [
      ["USD", { kind: "none" }],
      ["IDR", step("500")],
      ["BRL", ending("0.90")],
      ["EUR", ending("0.99")],
      ["JPY", step("10")],
      ["KWD", { kind: "none" }],
    ];
    for (const [currency, rounding] of rules)
      for (const adj of ["-30", "-7.5", "0", "3"])
        for (const price of ["0.99", "4.37", "10.45", "99.01"]) {
          const floor = D(price).times("0.97").toDecimalPlaces(2);
          const r = convertPrice(price, floor, {
            currency,
            rate: "3.7513",
            fxBufferPercent: "1.5",
            priceAdjustmentPercent: adj,
            rounding,
          });
          expect(r.amount.greaterThanOrEqualTo(floor.times(r.effectiveRate))).toBe(true);
        }
  });

  it("derives the floor from the pricing rule: cost plus the minimum margin on one unit", () => {
    // DEFAULT_RULE: at least 0.10 or 2 % of cost
    expect(unitWalletFloor("9.00", DEFAULT_RULE).toString()).toBe("9.18");
    expect(unitWalletFloor("2.00", DEFAULT_RULE).toString()).toBe("2.1");
  });
});

describe("rounding rules", () => {
  it("none rounds up to the charge unit: a cent, a whole rupiah, ten fils", () => {
    expect(roundUpToPricePoint("39.1875", { kind: "none" }, "SAR").toString()).toBe("39.19");
    expect(roundUpToPricePoint("39.18", { kind: "none" }, "SAR").toString()).toBe("39.18");
    expect(roundUpToPricePoint("150000.2", { kind: "none" }, "IDR").toString()).toBe("150001");
    // Stripe takes dinars only in steps of 10 fils: 6.543 KWD cannot be charged, 6.55 can.
    expect(roundUpToPricePoint("1.2341", { kind: "none" }, "KWD").toString()).toBe("1.24");
    expect(roundUpToPricePoint("6.54217", { kind: "none" }, "KWD").toString()).toBe("6.55");
  });

  it("up-to-step rounds up to the next multiple of the step and keeps an exact one", () => {
    expect(roundUpToPricePoint("170544", step("500"), "IDR").toString()).toBe("171000");
    expect(roundUpToPricePoint("170500", step("500"), "IDR").toString()).toBe("170500");
    expect(roundUpToPricePoint("170500.4", step("500"), "IDR").toString()).toBe("171000");
  });

  it("ending rounds up to the next price with that ending: R$ 29,90 and 39,99 €", () => {
    expect(roundUpToPricePoint("27.999", ending("0.90"), "BRL").toString()).toBe("28.9");
    expect(roundUpToPricePoint("29.90", ending("0.90"), "BRL").toString()).toBe("29.9");
    expect(roundUpToPricePoint("29.91", ending("0.90"), "BRL").toString()).toBe("30.9");
    expect(roundUpToPricePoint("39.01", ending("0.99"), "EUR").toString()).toBe("39.99");
    expect(roundUpToPricePoint("40.00", ending("0.99"), "EUR").toString()).toBe("40.99");
  });

  it("converts a Brazilian price to an ending of ,90 and lifts it over the floor when adjusted down", () => {
    expect(convertPrice("5.49", "5.00", brazil).amount.toString()).toBe("28.9");
    // 27.999 × 0.92 = 25.75908 → 25.90 (5.08 USD) breaks a 5.20 floor; 5.20 × 5.1 = 26.52 → 26.90
    expect(convertPrice("5.49", "5.20", { ...brazil, priceAdjustmentPercent: "-8" }).amount.toString()).toBe("26.9");
  });

  it("refuses rules a currency cannot hold", () => {
    expect(roundingProblem(ending("0.90"), "JPY")).toMatch(/whole number/);
    expect(roundingProblem(ending("1.5"), "EUR")).toMatch(/under 1/);
    expect(roundingProblem(step("0"), "IDR")).toMatch(/more than zero/);
    expect(roundingProblem(step("500.5"), "IDR")).toMatch(/whole number/);
    expect(roundingProblem(step("500"), "IDR")).toBeNull();
    expect(roundingProblem(ending("0.99"), "EUR")).toBeNull();
  });
});
