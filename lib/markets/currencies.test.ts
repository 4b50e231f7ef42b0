import { describe, expect, it } from "vitest";
import {
  chargeUnit,
  currencyFacts,
  fromMinorUnits,
  fromStripeAmount,
  stripeMinimumCharge,
  toMinorUnits,
  toStripeAmount,
} from "./currencies";

describe("minor units", () => {
  it("counts USD in cents, exactly, both ways", () => {
    expect(toMinorUnits("10.45", "USD")).toBe(1045);
    expect(toMinorUnits("0.1", "USD")).toBe(10);
    expect(fromMinorUnits(1045, "USD").toString()).toBe("10.45");
    expect(toStripeAmount("10.45", "USD")).toBe(1045);
  });

  it("refuses an amount finer than the currency's minor unit", () => {
    expect(() => toMinorUnits("10.455", "USD")).toThrow(RangeError);
    expect(() => toMinorUnits("500.5", "JPY")).toThrow(RangeError);
  });

  it("keeps IDR two-decimal by ISO and for Stripe's amount, but charges whole rupiah", () => {
    expect(currencyFacts("IDR")).toMatchObject({ isoDecimals: 2, chargeDecimals: 0, stripeDecimals: 2 });
    expect(toMinorUnits("150000", "IDR")).toBe(15_000_000);
    expect(toStripeAmount("150000", "IDR")).toBe(15_000_000);
    expect(fromStripeAmount(15_000_000, "IDR").toString()).toBe("150000");
    expect(chargeUnit("IDR").toString()).toBe("1");
    expect(() => toStripeAmount("150000.50", "IDR")).toThrow(/steps of 1/);
  });

  it("counts JPY, a zero-decimal currency, in whole yen", () => {
    expect(currencyFacts("JPY")).toMatchObject({ isoDecimals: 0, chargeDecimals: 0, stripeDecimals: 0 });
    expect(toMinorUnits("500", "JPY")).toBe(500);
    expect(toStripeAmount("500", "JPY")).toBe(500);
    expect(fromMinorUnits(500, "JPY").toString()).toBe("500");
  });

  it("counts KWD, a three-decimal currency, in fils and gives Stripe amounts ending in 0", () => {
    expect(toMinorUnits("1.234", "KWD")).toBe(1234);
    expect(fromMinorUnits(1234, "KWD").toString()).toBe("1.234");
    expect(toStripeAmount("1.230", "KWD")).toBe(1230);
    expect(() => toStripeAmount("1.234", "KWD")).toThrow(/multiples of 10/);
    // so the shop prices and charges dinars in those steps, with every provider
    expect(chargeUnit("KWD").toString()).toBe("0.01");
    expect(currencyFacts("KWD").chargeDecimals).toBe(3);
    expect(stripeMinimumCharge("KWD", "0.3071").toString()).toBe("0.16");
    expect(currencyFacts("BHD").isoDecimals).toBe(3);
    expect(currencyFacts("JOD").isoDecimals).toBe(3);
  });
});

describe("Stripe's minimum charge", () => {
  it("uses the listed minimum where Stripe lists one", () => {
    expect(stripeMinimumCharge("USD", 1).toString()).toBe("0.5");
    expect(stripeMinimumCharge("BRL", "5.1").toString()).toBe("0.5");
    expect(stripeMinimumCharge("JPY", 150).toString()).toBe("50");
  });

  it("converts 0.50 USD for a currency Stripe does not list, rounded up to the charge unit", () => {
    expect(stripeMinimumCharge("IDR", "16321.5").toString()).toBe("8161");
    expect(stripeMinimumCharge("SAR", "3.751").toString()).toBe("1.88");
  });
});
