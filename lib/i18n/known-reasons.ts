// The shop's own reasons (a line that could not be bought, a payment that did not go through),
// stored as English sentences in OrderLine.failureReason, Refund.reason and the timeline's facts:
// a sentence listed under the catalogs' "timeline.reasons" is written in the reader's language;
// any other (the supplier's or the payment provider's own words, a staff member's note) is shown
// as sent (docs/markets.md#languages). Pure.
import en from "@/messages/en.json";
import { translatorFor } from "./translator";

const keyOf = new Map(Object.entries(en.timeline.reasons).map(([key, sentence]) => [sentence, key]));

/** `sentence` in `locale` when it is one of the shop's own reasons, else as it is. */
export function reasonIn(locale: string, sentence: string): string {
  const key = keyOf.get(sentence.trim());
  if (!key) return sentence;
  return translatorFor(locale, "timeline")(`reasons.${key}` as `reasons.${keyof typeof en.timeline.reasons}`);
}
