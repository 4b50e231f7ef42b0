import { describe, expect, it } from "vitest";
import { marketPricing, toMarket, type MarketRow } from "./market";

const row = (over: Partial<MarketRow> = {}): MarketRow => ({
  id: "m1",
  slug: "id",
  name: "Indonesia",
  countries: '["ID"]',
  currency: "IDR",
  defaultLanguage: "id",
  otherLanguages: '["en","id"]',
  rateSource: "manual",
  manualRate: "16500",
  manualRateSetAt: new Date("2026-11-26T00:00:00Z"),
  rateMaxAgeHours: 48,
  fxBufferPercent: "2",
  priceAdjustmentPercent: null,
  roundingKind: "up-to-step",
  roundingValue: "500",
  productRegions: null,
  enabled: true,
  isDefault: false,
  position: 10,
  updatedAt: new Date("2026-11-26T00:00:00Z"),
  ...over,
});

describe("a stored market", () => {
  it("parses its lists, languages (default first, no repeat) and rounding rule", () => {
    const m = toMarket(row());
    expect(m.countries).toEqual(["ID"]);
    expect(m.languages).toEqual(["id", "en"]);
    expect(m.rounding.kind).toBe("up-to-step");
    expect(marketPricing(m, "16400")).toMatchObject({ currency: "IDR", rate: "16400" });
  });

  it("prices to the smallest unit when its rounding kind is unknown, and reads broken lists as empty", () => {
    const m = toMarket(row({ roundingKind: "nearest-1000", countries: "not json" }));
    expect(m.rounding).toEqual({ kind: "none" });
    expect(m.countries).toEqual([]);
  });
});
