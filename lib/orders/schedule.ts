// How long to wait before looking at a line again. Pure.

const pollDelaysMs = [15_000, 30_000, 60_000, 120_000, 300_000, 600_000];
const retryDelaysMs = [5_000, 15_000, 30_000, 60_000, 120_000, 300_000];

/** Polling a pending upstream order: 15 s, 30 s first (spec 8: 10–30 s), then longer, capped at 10 min. */
export function nextPollAt(now: Date, checks: number): Date {
  return new Date(now.getTime() + pollDelaysMs[Math.min(checks, pollDelaysMs.length - 1)]!);
}

/** Retrying a purchase whose outcome is unknown (5xx, timeout, conflict): same key, growing gaps. */
export function nextRetryAt(now: Date, checks: number, retryAfterSeconds?: number): Date {
  const base = retryDelaysMs[Math.min(checks, retryDelaysMs.length - 1)]!;
  const wait = retryAfterSeconds !== undefined ? Math.max(retryAfterSeconds * 1000, 1000) : base;
  return new Date(now.getTime() + wait);
}

/** How long a shop with an empty upstream wallet (402) keeps retrying before it refunds. */
export const insufficientBalanceGiveUpMs = 60 * 60 * 1000;
