// Recent upstream trouble, counted for the whole shop in the database (one fixed-window counter
// per signal, lib/rate-limit): every instance adds its own events, and the alerts read the sum
// of the last two windows, so "the upstream answered 5xx repeatedly" means the same on every
// instance. Process counters (process-metrics.ts) cannot say this: each instance sees only itself.
import "server-only";
import { consumeRateLimit, countRateLimitHits } from "@/lib/rate-limit";

/** upstream_errors: answers 401 or 5xx; budget_exhausted: a shopper's call waited for the budget, or a 429. */
export type SignalName = "upstream_errors" | "budget_exhausted";

export const signalWindowMs = 5 * 60_000;
const unlimited = { limit: Number.MAX_SAFE_INTEGER, windowMs: signalWindowMs };

/** Counts one event of `name` now. */
export async function recordSignal(name: SignalName, now: Date = new Date()): Promise<void> {
  await consumeRateLimit(`signal:${name}`, unlimited, now);
}

/** Events of `name` in the current and the previous window (the last 5 to 10 minutes). */
export async function recentSignalCount(name: SignalName, now: Date = new Date()): Promise<number> {
  const key = `signal:${name}`;
  const [current, previous] = await Promise.all([
    countRateLimitHits(key, signalWindowMs, now),
    countRateLimitHits(key, signalWindowMs, new Date(now.getTime() - signalWindowMs)),
  ]);
  return current + previous;
}
