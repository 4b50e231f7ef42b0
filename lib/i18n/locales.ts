// The shopper's languages (docs/markets.md#urls): the ones the shop ships message catalogs for,
// which way each is written, and the request headers through which the proxy tells a page
// rendered per request (cart, checkout, orders, account) the market and language of the URL it
// was reached by. Pure, so the proxy, the pages and the browser read them the same way.
import { shippedLanguages, type ShippedLanguage } from "@/lib/markets/market-schema";

export const locales = shippedLanguages;
export type Locale = ShippedLanguage;

/** The fallback language: every message exists in it. */
export const defaultLocale: Locale = "en";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

const rightToLeft: ReadonlySet<Locale> = new Set(["ar"]);

/** `<html dir>` for a language. */
export function directionOf(locale: Locale): "ltr" | "rtl" {
  return rightToLeft.has(locale) ? "rtl" : "ltr";
}

/** Set by the proxy on a page rendered per request: the market slug of the URL it came by. */
export const marketHeader = "x-shop-market";
/** Set by the proxy on a page rendered per request: the language of the URL it came by. */
export const localeHeader = "x-shop-locale";
