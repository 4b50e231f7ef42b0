import { describe, expect, it } from "vitest";
import { Decimal } from "@/lib/pricing/decimal";
import { amountString, currencySymbol, formatMarketMoney, priceLocale } from "./format";

// Intl separates the symbol with a no-break space and marks Arabic with directional marks.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ").replace(/[\u200e\u200f\u061c]/g, "");

describe("formatting in the shopper's language", () => {
  it("writes rupiah in Indonesian with a dot for thousands and no fraction", () => {
    expect(plain(formatMarketMoney(new Decimal("150000"), "IDR", "id", "ID"))).toBe("Rp 150.000");
  });

  it("writes reais in Brazilian Portuguese", () => {
    expect(plain(formatMarketMoney("29.9", "BRL", "pt-BR", "BR"))).toBe("R$ 29,90");
  });

  it("writes euros in Spanish with the symbol after the amount", () => {
    expect(plain(formatMarketMoney("39.99", "EUR", "es", "ES"))).toBe("39,99 €");
  });

  it("writes riyals in Arabic with Arabic-Indic digits", () => {
    expect(plain(formatMarketMoney("39.99", "SAR", "ar", "SA"))).toBe("٣٩٫٩٩ ر.س.");
  });

  it("writes dollars in English with cents, and a three-decimal currency with three", () => {
    expect(formatMarketMoney("10.5", "USD", "en", "US")).toBe("$10.50");
    expect(plain(formatMarketMoney("1.23", "KWD", "en"))).toBe("KWD 1.230");
  });

  it("formats large amounts exactly, without a float on the way", () => {
    expect(formatMarketMoney("12345678901234.57", "USD", "en")).toBe("$12,345,678,901,234.57");
  });

  it("picks the language's own region first, then the market's country", () => {
    expect(priceLocale("pt-BR", "PT")).toBe("pt-BR");
    expect(priceLocale("id", "id")).toBe("id-ID");
    expect(priceLocale("en", null)).toBe("en");
  });
});

describe("formatting fallbacks", () => {
  it("writes a code Intl does not know as the amount and the code", () => {
    expect(formatMarketMoney("10.45", "XY", "en")).toBe("10.45 XY");
  });

  it("shows the currency as the owner chose", () => {
    expect(plain(formatMarketMoney("10", "USD", "en", null, "code"))).toBe("USD 10.00");
  });
  it("names a currency by the symbol its shoppers read", () => {
    expect(currencySymbol("IDR", "id", "ID")).toBe("Rp");
    expect(currencySymbol("BRL", "pt-BR", "BR")).toBe("R$");
    expect(currencySymbol("XYZ", "en")).toBe("XYZ");
  });
});

describe("amountString", () => {
  it("writes an amount with its currency's own decimals, never two for every currency", () => {
    expect(amountString(new Decimal("10.4"), "USD")).toBe("10.40");
    expect(amountString(new Decimal("359000"), "IDR")).toBe("359000");
    expect(amountString(new Decimal("6.55"), "KWD")).toBe("6.550");
    expect(amountString(new Decimal("500"), "JPY")).toBe("500");
  });
});
