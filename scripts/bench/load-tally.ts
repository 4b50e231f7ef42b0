// What the load phase counts while its shoppers run: every answer by call and status, every 5xx,
// every refusal by reason (read from the words the shopper is shown), the checkout's times and
// the orders placed. One tally for all shoppers; the phase turns it into figures at the end.
export type RefusalReason =
  | "429 per-client"
  | "budget (could not check)"
  | "stock"
  | "margin / price"
  | "wallet"
  | "busy (purchase backlog)"
  | "decline"
  | "risk (decline burst)"
  | "account check"
  | "account check unavailable"
  | "other";

/** The reason behind a shopper-facing refusal: a 429, or the sentence the quote or checkout gave. */
export function refusalReason(status: number, message: string): RefusalReason {
  if (status === 429) return "429 per-client";
  const m = message.toLowerCase();
  if (m.includes("could not check")) return "budget (could not check)";
  if (m.includes("out of stock") || m.includes("in stock right now") || m.includes("no longer available"))
    return "stock";
  if (m.includes("cannot be sold at this price") || m.includes("price changed")) return "margin / price";
  if (m.includes("temporarily unavailable")) return "wallet";
  if (m.includes("faster than our supplier can fill")) return "busy (purchase backlog)";
  if (m.includes("too many payments were declined")) return "risk (decline burst)";
  if (m.includes("declined")) return "decline";
  if (m.includes("could not verify the account")) return "account check unavailable";
  if (m.includes("verify this") || m.includes("account details")) return "account check";
  return "other";
}

export type Tally = {
  /** "<call> <status>" → count (calls: browse, quote, checkout, order; status "error" for no answer). */
  answers: Record<string, number>;
  serverErrors: number;
  refusals: Partial<Record<RefusalReason, number>>;
  /** The first few "other" refusals' words, so an unknown reason can be named. */
  otherRefusals: string[];
  checkoutMs: number[];
  quoteMs: number[];
  /** Tokens of the orders placed (201), with the second of the run they were placed at. */
  orders: { token: string; atS: number }[];
  /** How each watched order ended for its shopper ("open" when the watch gave up). */
  watched: Record<string, number>;
};

export function newTally(): Tally {
  return {
    answers: {},
    serverErrors: 0,
    refusals: {},
    otherRefusals: [],
    checkoutMs: [],
    quoteMs: [],
    orders: [],
    watched: {},
  };
}

const bump = (m: Record<string, number>, k: string) => (m[k] = (m[k] ?? 0) + 1);

/** Counts one answer (or "error" when none came). */
export function countAnswer(t: Tally, call: string, status: number | "error"): void {
  bump(t.answers, `${call} ${status}`);
  if (typeof status === "number" && status >= 500) t.serverErrors++;
}

/** Counts one refusal the shopper was shown. */
export function countRefusal(t: Tally, status: number, message: string): void {
  const reason = refusalReason(status, message);
  bump(t.refusals, reason);
  if (reason === "other" && t.otherRefusals.length < 5) t.otherRefusals.push(`${status}: ${message.slice(0, 120)}`);
}

export function countWatched(t: Tally, state: string): void {
  bump(t.watched, state);
}
