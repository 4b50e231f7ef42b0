import { describe, expect, it } from "vitest";
import { Prisma } from "@prisma/client";
import { fromMinorUnits, toMinorUnits } from "./amounts";

describe("Stripe minor units", () => {
  it("converts decimal prices exactly, including ones floats get wrong", () => {
    expect(toMinorUnits(new Prisma.Decimal("10.45"), "USD")).toBe(1045);
    // 1.15 * 100 = 114.99999999999999 in floats.
    expect(toMinorUnits("1.15", "usd")).toBe(115);
    expect(toMinorUnits("4.35", "EUR")).toBe(435);
  });

  it("keeps zero-decimal currencies as they are", () => {
    expect(toMinorUnits("500", "JPY")).toBe(500);
    expect(fromMinorUnits(500, "jpy").toFixed(0)).toBe("500");
  });

  it("refuses precision the currency cannot carry", () => {
    expect(() => toMinorUnits("1.005", "USD")).toThrow(/precision/);
    expect(() => toMinorUnits("10.5", "JPY")).toThrow(/precision/);
  });

  it("converts back for comparisons", () => {
    expect(fromMinorUnits(1045, "usd").toFixed(2)).toBe("10.45");
  });

  it("counts three-decimal currencies in thousandths ending in 0, as Stripe does", () => {
    // 1.230 KWD is 1230 for Stripe (docs/markets.md#minor-units), not 123.
    expect(toMinorUnits("1.230", "KWD")).toBe(1230);
    expect(fromMinorUnits(1230, "kwd").toFixed(3)).toBe("1.230");
    expect(() => toMinorUnits("1.234", "KWD")).toThrow();
  });

  it("sends whole rupiah as a two-decimal amount", () => {
    expect(toMinorUnits("150000", "IDR")).toBe(15000000);
    expect(() => toMinorUnits("150000.50", "IDR")).toThrow();
  });
});
