// The order timeline in the shopper's words: each fact once. The order's own event already says
// "Payment … confirmed" or why it was cancelled, so the lines' moves out of awaiting payment
// ("Paid.", "Not charged.") are dropped; with several lines, a line's event names its product.
// An entry stored with its words (a key and its facts, lib/orders/core/timeline-words.ts) is
// written in the order's language; a row stored before them shows its sentence as written
// (docs/markets.md#languages).
import { reasonIn } from "@/lib/i18n/known-reasons";
import { translatorFor } from "@/lib/i18n/translator";
import { formatMarketMoney } from "@/lib/markets/format";
import { argsIn, type TimelineArgs, type TimelineKey } from "@/lib/orders/core/timeline-words";

export type TimelineEvent = {
  createdAt: Date;
  message: string;
  messageKey?: string | null;
  messageArgs?: string | null;
  kind?: string;
  lineId: string | null;
  fromStatus: string | null;
  toStatus: string | null;
};
export type TimelineEntry = { at: string; message: string };

/** Builds the shopper timeline from OrderEvent rows (oldest first) in `locale`. Pure. */
export function buildShopperTimeline(
  events: TimelineEvent[],
  lines: { id: string; productName: string }[],
  locale = "en",
): TimelineEntry[] {
  const names = new Map(lines.map((l) => [l.id, l.productName]));
  const say = wordsIn(locale);
  const out: TimelineEntry[] = [];
  for (const e of events) {
    if (e.kind === "staff_note") continue; // for staff only
    if (e.lineId && e.fromStatus === "awaiting_payment") continue;
    const said = say(e);
    const name = e.lineId && lines.length > 1 ? names.get(e.lineId) : undefined;
    const message = name && !said.includes(name) ? `${name}: ${said}` : said;
    if (out.at(-1)?.message === message) continue;
    out.push({ at: e.createdAt.toISOString(), message });
  }
  return out;
}

/** An event's words in `locale`; its stored sentence when it has no key (or one no longer shipped). */
function wordsIn(locale: string) {
  const t = translatorFor(locale, "timeline");
  const money = (m: { money: string; currency: string }) => formatMarketMoney(m.money, m.currency, locale);
  const reason = (sentence: string) => reasonIn(locale, sentence);
  return (e: TimelineEvent): string => {
    if (!e.messageKey || !t.has(e.messageKey as TimelineKey)) return e.message;
    try {
      const args = e.messageArgs ? (JSON.parse(e.messageArgs) as TimelineArgs) : undefined;
      return t(e.messageKey as TimelineKey, argsIn(args, money, reason));
    } catch {
      return e.message;
    }
  };
}
