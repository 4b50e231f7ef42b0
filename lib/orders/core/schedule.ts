// How long to wait before looking at a line again. Pure.

const pollDelaysMs = [15_000, 30_000, 60_000, 120_000, 300_000, 600_000];
const retryDelaysMs = [5_000, 15_000, 30_000, 60_000, 120_000, 300_000];

/**
 * Polling a pending upstream order: 15 s, 30 s first (the upstream suggests 10–30 s,
 * docs/upstream-contract.md#8-limits), then longer, capped at 10 min.
 */
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

/** A payment row written before the provider call is settled with the provider only after this. */
export const initiatedPaymentGraceMs = 2 * 60_000;

const cardPaymentChecksMs = [5_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000];
const redirectPaymentChecksMs = [300_000, 600_000, 1_200_000, 1_800_000];

/**
 * When to ask the provider about a pending payment again. A card confirms in seconds; a hosted
 * page (Stripe) is confirmed by its webhook, so the reconciler looks only now and then, as a
 * safety net for a lost event, until the page has expired. Growing gaps keep one payment that
 * never settles from crowding the others out.
 */
export function nextPaymentCheckAt(now: Date, checks: number, kind: "card" | "redirect"): Date {
  const delays = kind === "card" ? cardPaymentChecksMs : redirectPaymentChecksMs;
  return new Date(now.getTime() + delays[Math.min(checks, delays.length - 1)]!);
}
