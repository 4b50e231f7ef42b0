// The shopper's message catalogs (messages/<locale>.json), one per shipped language. A language
// is read merged over English, key by key, so a message a catalog lacks shows in English instead
// of as its key (docs/markets.md#languages). Pure: the pages (i18n/request.ts), the emails and
// the receipts read the same catalogs.
import ar from "@/messages/ar.json";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import id from "@/messages/id.json";
import ptBR from "@/messages/pt-BR.json";
import type { Locale } from "./locales";

/** A catalog: nested namespaces whose leaves are ICU message strings. */
export type Messages = { [key: string]: string | Messages };

/** The English catalog: every key the shop uses. */
export type ShopMessages = typeof en;

const catalogs: Record<Locale, Messages> = { en, id, es, "pt-BR": ptBR, ar };

/** `over` laid on `base` key by key: a leaf of `over` wins; a key only `base` has stays. */
export function mergeMessages(base: Messages, over: Messages): Messages {
  const merged: Messages = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const under = base[key];
    merged[key] = typeof value === "object" && typeof under === "object" ? mergeMessages(under, value) : value;
  }
  return merged;
}

const cache = new Map<Locale, ShopMessages>();

/** The catalog of `locale` with English beneath it. */
export function messagesFor(locale: Locale): ShopMessages {
  let messages = cache.get(locale);
  if (!messages) {
    messages = (locale === "en" ? en : mergeMessages(en, catalogs[locale])) as ShopMessages;
    cache.set(locale, messages);
  }
  return messages;
}

/** Each catalog as shipped, unmerged (the tests compare their keys with English's). */
export function rawCatalogs(): Record<Locale, Messages> {
  return catalogs;
}
