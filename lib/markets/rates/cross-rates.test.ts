import { describe, expect, it } from "vitest";
import { Decimal } from "@/lib/pricing/decimal";
import { isJump, movePercent, toWalletRates } from "./cross-rates";

const perEur = (rates: Record<string, string>) => new Map(Object.entries(rates).map(([c, r]) => [c, new Decimal(r)]));

function ratesOf(wallet: string, rates: Record<string, string>): Record<string, string> {
  const r = toWalletRates(perEur(rates), wallet);
  if (!r.ok) throw new Error(r.reason);
  return Object.fromEntries([...r.rates].map(([c, v]) => [c, v.toString()]));
}

describe("toWalletRates", () => {
  it("re-bases per-euro rates on USD: X per USD = X per EUR ÷ USD per EUR, and EUR = 1 ÷ USD per EUR", () => {
    expect(ratesOf("USD", { USD: "1.25", IDR: "20000", JPY: "162.5", GBP: "0.8" })).toEqual({
      EUR: "0.8",
      IDR: "16000",
      JPY: "130",
      GBP: "0.64",
    });
  });

  it("keeps ten significant digits, rounded half to even, where the division does not end", () => {
    expect(ratesOf("USD", { USD: "1.05", IDR: "17500", BRL: "6.1234" })).toEqual({
      EUR: "0.9523809524",
      IDR: "16666.66667",
      BRL: "5.831809524",
    });
  });

  it("leaves the rates as they are when the wallet currency is the euro", () => {
    expect(ratesOf("EUR", { USD: "1.05", IDR: "17500" })).toEqual({ USD: "1.05", IDR: "17500" });
  });

  it("refuses a feed without the wallet currency", () => {
    expect(toWalletRates(perEur({ JPY: "162.5" }), "USD")).toEqual({
      ok: false,
      reason: "the feed has no rate for the wallet currency USD",
    });
  });
});

describe("isJump", () => {
  it("holds a move of more than the threshold either way, and lets one of exactly the threshold through", () => {
    const from = new Decimal("16000");
    expect(movePercent(from, new Decimal("16800")).toString()).toBe("5");
    expect(isJump(from, new Decimal("16800"), 5)).toBe(false);
    expect(isJump(from, new Decimal("16800.01"), 5)).toBe(true);
    expect(isJump(from, new Decimal("15199.99"), 5)).toBe(true);
    expect(isJump(from, new Decimal("15200"), 5)).toBe(false);
  });
});
