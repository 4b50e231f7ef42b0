// The outbox worker's rules in one place: how long a claim lasts, how long one SMTP session may
// take, how often and how long an email is retried. Pure, so tests and docs read the same numbers.

/** A claimed email belongs to its worker this long; after that any worker may take it over. */
export const claimLeaseMs = 120_000;

/**
 * One SMTP session (connect, auth, message) is cut off after this long, well inside the lease,
 * so a slow send can never still be running when another worker takes the email over.
 */
export const sendDeadlineMs = 60_000;

/** Growing waits after the 1st, 2nd, … failed attempt; the last attempt is the one after the last wait. */
export const retryDelaysMs = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const;

/** Attempts per round (staff "retry" starts a new round). */
export const maxAttempts = retryDelaysMs.length + 1;

/** An email still unsent this long after it was recorded is given up (stale links, old news). */
export const maxAgeMs = 3 * 24 * 60 * 60_000;

/** Emails one pass of one worker takes on. */
export const passBatchSize = 20;

/** How often each instance looks for due emails when nothing nudged it. */
export const pollIntervalMs = 5_000;

export type FailureOutcome = { status: "outbox"; nextAttemptAt: Date } | { status: "failed" };

/**
 * After attempt number `attempt` (1-based) failed: wait and try again, or give up. A permanent
 * refusal (the server rejected the recipient) or an email past its maximum age gives up at once.
 */
export function afterFailure(
  attempt: number,
  now: Date,
  opts: { permanent: boolean; createdAt: Date },
): FailureOutcome {
  if (opts.permanent || attempt >= maxAttempts) return { status: "failed" };
  const delay = retryDelaysMs[Math.min(attempt, retryDelaysMs.length) - 1];
  const next = new Date(now.getTime() + delay);
  if (next.getTime() - opts.createdAt.getTime() > maxAgeMs) return { status: "failed" };
  return { status: "outbox", nextAttemptAt: next };
}

/** True when an email recorded at `createdAt` is too old to send at all. */
export function isTooOld(createdAt: Date, now: Date): boolean {
  return now.getTime() - createdAt.getTime() > maxAgeMs;
}
