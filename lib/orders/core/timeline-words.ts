// The words of an order's timeline: each entry a key under the catalogs' "timeline" with its
// facts, stored beside the English sentence (OrderEvent.messageKey/messageArgs). Staff pages and
// logs read the English; the shopper's order page writes the key in the order's language
// (lib/orders/view/shopper-timeline.ts, docs/markets.md#languages). Pure.
import { translatorFor } from "@/lib/i18n/translator";
import type { ShopMessages } from "@/lib/i18n/messages";

type TimelineMessages = Omit<ShopMessages["timeline"], "reasons">;
export type TimelineKey = keyof TimelineMessages;

/** An amount with its currency, as stored: English writes "359000 IDR", a page its own way. */
export type TimelineMoney = { money: string; currency: string };
export type TimelineArgs = Record<string, string | number | TimelineMoney>;

/** What a writer passes: the English sentence and the words it came from. */
export type Said = { message: string; words: { key: TimelineKey; args?: TimelineArgs } };

export const timelineMoney = (money: string, currency: string): TimelineMoney => ({ money, currency });

function isMoney(value: unknown): value is TimelineMoney {
  return typeof value === "object" && value !== null && "money" in value && "currency" in value;
}

/**
 * The args as one language writes them: amounts through `money`, a known reason sentence in its
 * translation (an unknown one, the supplier's or the provider's own words, as sent).
 */
export function argsIn(
  args: TimelineArgs | undefined,
  money: (m: TimelineMoney) => string,
  reason: (sentence: string) => string = (s) => s,
): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(args ?? {}))
    out[name] = isMoney(value) ? money(value) : name === "reason" && typeof value === "string" ? reason(value) : value;
  return out;
}

const english = translatorFor("en", "timeline");

/** The entry `key` with its facts: the English sentence for staff, and the words for the shopper. */
export function say(key: TimelineKey, args?: TimelineArgs): Said {
  const message = english(
    key,
    argsIn(args, (m) => `${m.money} ${m.currency}`),
  );
  return { message, words: args ? { key, args } : { key } };
}

/** The columns an OrderEvent row stores for `said` (none for a bare English sentence). */
export function wordsColumns(words: Said["words"] | undefined): { messageKey?: string; messageArgs?: string } {
  if (!words) return {};
  return { messageKey: words.key, messageArgs: words.args ? JSON.stringify(words.args) : undefined };
}

/** An OrderEvent row's words when it is created directly: the sentence and its key. */
export function eventColumns(said: Said): { message: string; messageKey?: string; messageArgs?: string } {
  return { message: said.message, ...wordsColumns(said.words) };
}
