// A translator outside a page render (emails, receipts): the messages of one namespace in the
// given language, English beneath (lib/i18n/messages.ts). An unshipped language reads English.
import { createTranslator } from "next-intl";
import { defaultLocale, isLocale, type Locale } from "./locales";
import { messagesFor, type ShopMessages } from "./messages";

/** The shipped language `value` names, else English (an order stored before languages, a typo). */
export function localeOr(value: unknown): Locale {
  return isLocale(value) ? value : defaultLocale;
}

export function translatorFor<N extends keyof ShopMessages>(locale: string, namespace: N) {
  const shipped = localeOr(locale);
  return createTranslator<ShopMessages, N>({ locale: shipped, messages: messagesFor(shipped), namespace });
}
