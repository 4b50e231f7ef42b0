// The one formatter of a market's prices: Intl.NumberFormat in the shopper's language and the
// market's country, with the currency's charge decimals (docs/markets.md#formatting). Pure; the
// amount goes to Intl as a decimal string, never through a float.
import type { Decimal } from "@/lib/pricing/decimal";
import { currencyFacts } from "./currencies";

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * The locale a price is written in: the language's own region when it names one ("pt-BR"),
 * else the language in the market's country ("id" in ID → "id-ID", "ar" in SA → "ar-SA", whose
 * digits are Arabic-Indic), else the language alone.
 */
export function priceLocale(language: string, country?: string | null): string {
  if (language.includes("-") || !country) return language;
  return `${language}-${country.toUpperCase()}`;
}

/** How the currency is shown (the owner's setting): "$10.00", "USD 10.00", "10.00 US dollars". */
export type CurrencyDisplay = "symbol" | "narrowSymbol" | "code" | "name";

function formatterFor(locale: string, currency: string, display: CurrencyDisplay): Intl.NumberFormat {
  const key = `${locale}|${currency}|${display}`;
  let format = formatters.get(key);
  if (!format) {
    const digits = currencyFacts(currency).chargeDecimals;
    format = new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      currencyDisplay: display,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, format);
  }
  return format;
}

/**
 * "150000" IDR in id-ID → "Rp 150.000"; "29.90" BRL in pt-BR → "R$ 29,90"; "39.99" EUR in es-ES
 * → "39,99 €"; "39.99" SAR in ar-SA → "٣٩٫٩٩ ر.س.". An unknown locale falls back to English, a
 * code Intl does not know to "10.45 XYZ".
 */
export function formatMarketMoney(
  amount: Decimal | string,
  currency: string,
  language: string,
  country?: string | null,
  display: CurrencyDisplay = "symbol",
): string {
  const value = typeof amount === "string" ? amount : amount.toFixed();
  for (const locale of [priceLocale(language, country), "en"]) {
    try {
      // Intl formats a decimal string exactly (no float on the way).
      return formatterFor(locale, currency, display).format(value as unknown as number);
    } catch {
      // an unknown locale: try English; an unknown currency: the plain form below
    }
  }
  return `${value} ${currency}`;
}

/**
 * An amount as a plain decimal string with its currency's own decimals, for lists, exports and
 * views that show the code beside it: 10.45 USD → "10.45", Rp 359.000 → "359000", 6.55 KWD →
 * "6.550" (docs/markets.md#minor-units). Never rounds to two decimals.
 */
export function amountString(amount: { toFixed(decimals: number): string }, currency: string): string {
  return amount.toFixed(currencyFacts(currency).chargeDecimals);
}

/** The currency's symbol as a shopper of the language reads it: "IDR" in id-ID → "Rp", "BRL" in pt-BR → "R$". */
export function currencySymbol(currency: string, language: string, country?: string | null): string {
  const parts = formatMarketMoneyParts(currency, language, country);
  return parts?.find((p) => p.type === "currency")?.value ?? currency;
}

function formatMarketMoneyParts(currency: string, language: string, country?: string | null) {
  for (const locale of [priceLocale(language, country), "en"]) {
    try {
      return formatterFor(locale, currency, "symbol").formatToParts(0);
    } catch {
      // an unknown locale: try English; an unknown currency: its code
    }
  }
  return null;
}
