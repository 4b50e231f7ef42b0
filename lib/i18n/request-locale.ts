// The one place a cached catalog page tells the message catalogs its language
// (docs/markets.md#urls): a page under `[market]/[lang]` knows it from its path, so it must not
// read the request for it, or it would stop being cached. next-intl renders a layout and its page
// apart, so the root layout and every page call this.
import "server-only";
import { setRequestLocale } from "next-intl/server";
import { defaultLocale, isLocale, type Locale } from "./locales";

/** Renders this page in `lang` (the root layout has already refused a language the market lacks). */
export function renderInLanguage(lang: string): Locale {
  const locale = isLocale(lang) ? lang : defaultLocale;
  setRequestLocale(locale);
  return locale;
}
