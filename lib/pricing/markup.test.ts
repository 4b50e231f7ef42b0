import { describe, expect, it } from "vitest";
import {
  DEFAULT_RULE,
  checkSaleMargin,
  computeDisplayPrices,
  computeUnitPrice,
  isOfferActive,
  minimumMargin,
  roundUpToEnding,
  selectRule,
  type PricingRuleInput,
} from "./markup";

const rule = (over: Partial<PricingRuleInput> = {}): PricingRuleInput => ({
  scope: "global",
  key: "",
  markupPercent: "0",
  fixedFee: "0",
  rounding: "none",
  minMarginPercent: "0",
  minMarginAmount: "0",
  ...over,
});

describe("roundUpToEnding", () => {
  it("keeps a price that already ends in .99", () => {
    expect(roundUpToEnding("10.99", "0.99").toFixed(2)).toBe("10.99");
  });
  it("rounds up across a whole number when the cents pass the ending", () => {
    expect(roundUpToEnding("10.991", "0.99").toFixed(2)).toBe("11.99");
    expect(roundUpToEnding("11.00", "0.99").toFixed(2)).toBe("11.99");
    expect(roundUpToEnding("10.50", "0.49").toFixed(2)).toBe("11.49");
    expect(roundUpToEnding("10.96", "0.95").toFixed(2)).toBe("11.95");
  });
  it("rounds up within the same whole number below the ending", () => {
    expect(roundUpToEnding("10.01", "0.99").toFixed(2)).toBe("10.99");
    expect(roundUpToEnding("10.30", "0.49").toFixed(2)).toBe("10.49");
  });
  it("rounds up to whole units and to cents, never down", () => {
    expect(roundUpToEnding("10.001", "whole").toFixed(2)).toBe("11.00");
    expect(roundUpToEnding("10", "whole").toFixed(2)).toBe("10.00");
    expect(roundUpToEnding("10.001", "none").toFixed(2)).toBe("10.01");
  });
});

describe("computeUnitPrice", () => {
  it("applies percent markup then fixed fee, to 2 dp", () => {
    expect(computeUnitPrice("10.00", rule({ markupPercent: "8", fixedFee: "0.30" })).toFixed(2)).toBe("11.10");
  });
  it("rounds up a fractional cent so the shop never loses it", () => {
    expect(computeUnitPrice("9.99", rule({ markupPercent: "7" })).toFixed(2)).toBe("10.69");
  });
  it("applies the rule's price ending", () => {
    expect(computeUnitPrice("10.00", rule({ markupPercent: "8", rounding: "0.99" })).toFixed(2)).toBe("10.99");
  });
  it("lifts the price to satisfy the minimum margin amount", () => {
    expect(computeUnitPrice("1.00", rule({ markupPercent: "5", minMarginAmount: "0.50" })).toFixed(2)).toBe("1.50");
  });
  it("lifts the price to satisfy the minimum margin percent, then re-applies the ending", () => {
    const r = rule({ markupPercent: "1", minMarginPercent: "20", rounding: "0.99" });
    expect(computeUnitPrice("100.00", r).toFixed(2)).toBe("120.99");
  });
  it("prices a zero cost at the fee or the minimum margin", () => {
    expect(computeUnitPrice("0", rule({ markupPercent: "10", fixedFee: "0.25" })).toFixed(2)).toBe("0.25");
    expect(computeUnitPrice("0", rule({ minMarginAmount: "1" })).toFixed(2)).toBe("1.00");
  });
  it("keeps full precision on huge costs", () => {
    expect(computeUnitPrice("123456789012.34", rule({ markupPercent: "10" })).toFixed(2)).toBe("135802467913.58");
  });
  it("never returns a price below cost plus margin with the built-in default", () => {
    const price = computeUnitPrice("50", DEFAULT_RULE);
    expect(checkSaleMargin({ unitCost: "50", unitPrice: price, quantity: 1, rule: DEFAULT_RULE }).ok).toBe(true);
  });
});

describe("selectRule", () => {
  const rules: PricingRuleInput[] = [
    rule({ markupPercent: "1" }),
    rule({ scope: "product_type", key: "game_card", markupPercent: "2" }),
    rule({ scope: "brand", key: "Steam", markupPercent: "3" }),
    rule({ scope: "sku", key: "STEAM-10", markupPercent: "4" }),
  ];
  const ctx = { itemCode: "STEAM-10", productType: "game_card", brand: "Steam" };
  it("prefers sku over brand over product type over global", () => {
    expect(selectRule(rules, ctx).markupPercent).toBe("4");
    expect(selectRule(rules, { ...ctx, itemCode: "STEAM-20" }).markupPercent).toBe("3");
    expect(selectRule(rules, { ...ctx, itemCode: "X", brand: "Xbox" }).markupPercent).toBe("2");
    expect(selectRule(rules, { itemCode: "X", brand: "Xbox", productType: "gift_card" }).markupPercent).toBe("1");
  });
  it("matches brand names case-insensitively", () => {
    expect(selectRule(rules, { ...ctx, itemCode: "Y", brand: "steam" }).markupPercent).toBe("3");
  });
  it("falls back to the built-in default when there are no rules", () => {
    expect(selectRule([], ctx)).toBe(DEFAULT_RULE);
  });
});

describe("minimumMargin and checkSaleMargin", () => {
  const r = rule({ minMarginPercent: "5", minMarginAmount: "0.50" });
  it("uses the larger of the fixed amount and the percent of the line cost", () => {
    expect(minimumMargin("5.00", 1, r).toFixed(2)).toBe("0.50");
    expect(minimumMargin("5.00", 4, r).toFixed(2)).toBe("1.00");
  });
  // docs/money-rules.md#m5
  it("refuses a sale whose price no longer covers cost plus the margin", () => {
    const res = checkSaleMargin({ unitCost: "10.00", unitPrice: "10.40", quantity: 1, rule: r });
    expect(res).toMatchObject({ ok: false });
    expect(res.margin.toFixed(2)).toBe("0.40");
    expect(res.required.toFixed(2)).toBe("0.50");
  });
  it("accepts a sale exactly at cost plus the margin", () => {
    expect(checkSaleMargin({ unitCost: "10.00", unitPrice: "10.50", quantity: 1, rule: r }).ok).toBe(true);
  });
  it("refuses a sale when upstream cost rose above the shop price", () => {
    expect(checkSaleMargin({ unitCost: "12.00", unitPrice: "11.00", quantity: 3, rule: rule() }).ok).toBe(false);
  });
});

describe("offers", () => {
  const now = new Date("2026-06-01T00:00:00Z");
  const r = rule({ markupPercent: "10" });
  it("prices from charged_price and shows the list price struck through during an offer", () => {
    const p = { price: "20.00", chargedPrice: "15.00", isOffer: true, offerExpiresDate: "2026-07-01T00:00:00Z" };
    const res = computeDisplayPrices(p, r, now);
    expect(res.shopPrice.toFixed(2)).toBe("16.50");
    expect(res.wasPrice?.toFixed(2)).toBe("22.00");
  });
  it("shows no was price once the offer has expired", () => {
    const p = { price: "20.00", chargedPrice: "15.00", isOffer: true, offerExpiresDate: "2026-05-31T23:59:59Z" };
    expect(isOfferActive(p, now)).toBe(false);
    expect(computeDisplayPrices(p, r, now).wasPrice).toBeNull();
  });
  it("treats an offer without an expiry as active and a non-offer as inactive", () => {
    expect(isOfferActive({ isOffer: true, offerExpiresDate: null }, now)).toBe(true);
    expect(isOfferActive({ isOffer: false, offerExpiresDate: "2030-01-01" }, now)).toBe(false);
  });
});
