// Recent upstream trouble, counted for the whole shop in the database (one fixed-window counter
// per signal, lib/rate-limit/event-counter.ts): every instance adds its own events, and the
// alerts read the sum of the last two windows, so "the upstream answered 5xx repeatedly" means
// the same on every instance. Process counters (process-metrics.ts) cannot say this: each
// instance sees only itself.
import "server-only";
import { countEvents, recordEvent } from "@/lib/rate-limit/event-counter";

/** upstream_errors: answers 401 or 5xx; budget_exhausted: a shopper's call waited for the budget, or a 429. */
export type SignalName = "upstream_errors" | "budget_exhausted";

export const signalWindowMs = 5 * 60_000;

/** Counts one event of `name` now. */
export async function recordSignal(name: SignalName, now: Date = new Date()): Promise<void> {
  await recordEvent(`signal:${name}`, signalWindowMs, now);
}

/** Events of `name` in the current and the previous window (the last 5 to 10 minutes). */
export async function recentSignalCount(name: SignalName, now: Date = new Date()): Promise<number> {
  const key = `signal:${name}`;
  const [current, previous] = await Promise.all([
    countEvents(key, signalWindowMs, now),
    countEvents(key, signalWindowMs, new Date(now.getTime() - signalWindowMs)),
  ]);
  return current + previous;
}
