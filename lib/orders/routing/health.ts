// A supplier's health from its recent calls (docs/suppliers.md#health): failing while its last
// few calls all failed without an answer (a 5xx, a timeout, a lost connection, an unreadable
// answer) and the last of them is recent. Any answer — an order, or a refusal such as out of
// stock — ends it, and so does a quiet window: the next call tries the supplier again. Pure.

/** Calls in a row that, all failing, make a supplier failing. */
export const failingStreak = 3;
/** How long after its last failing call a failing supplier is passed over. */
export const healthWindowMs = 120_000;

export type RecordedCall = { httpStatus: number | null; outcome: string; createdAt: Date };

/** Outcomes of a call the supplier did not answer (lib/upstream/errors.ts). */
export const unansweredOutcomes: ReadonlySet<string> = new Set([
  "UpstreamServerError",
  "UpstreamTimeoutError",
  "UpstreamNetworkError",
  "UpstreamProtocolError",
]);

/** Whether a call failed without the supplier answering it. */
export function isUnanswered(call: RecordedCall): boolean {
  return (call.httpStatus !== null && call.httpStatus >= 500) || unansweredOutcomes.has(call.outcome);
}

/** Whether a supplier is failing at `now`, from its latest calls, newest first. */
export function isFailing(latest: readonly RecordedCall[], now: Date): boolean {
  if (latest.length < failingStreak) return false;
  const streak = latest.slice(0, failingStreak);
  if (!streak.every(isUnanswered)) return false;
  return now.getTime() - streak[0].createdAt.getTime() <= healthWindowMs;
}
