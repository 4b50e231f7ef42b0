// The limiter's arithmetic, pure so it can be tested without a database: GCRA (the generic cell
// rate algorithm), a token bucket kept as one instant per key, the theoretical arrival time
// (TAT). A rule of `limit` hits per `windowMs` lets a client spend `limit` at once, then gives one
// hit back every windowMs / limit: no window edges, so nothing doubles at a boundary
// (docs/going-live.md#per-client-limits).

export type RateLimit = { limit: number; windowMs: number };
export type GcraDecision = { ok: true; tat: number; remaining: number } | { ok: false; retryAfterMs: number };

/** The time one hit of `rule` occupies. */
export function emissionIntervalMs(rule: RateLimit): number {
  return rule.windowMs / rule.limit;
}

/**
 * Whether `cost` hits at `now` fit, given the stored TAT (null: no state, a full bucket). If so,
 * the new TAT to store and the hits still available after them; if not, how long until they fit.
 * A refused hit changes nothing: it neither counts nor extends the wait.
 */
export function decideGcra(storedTat: number | null, rule: RateLimit, now: number, cost = 1): GcraDecision {
  const interval = emissionIntervalMs(rule);
  const tat = Math.ceil(Math.max(storedTat ?? now, now) + cost * interval);
  const allowAt = tat - rule.windowMs;
  if (allowAt > now) return { ok: false, retryAfterMs: allowAt - now };
  return { ok: true, tat, remaining: Math.floor((now + rule.windowMs - tat) / interval) };
}

/** The TAT after giving back `cost` hits at `now`, or null when there is nothing to give back. */
export function giveBackGcra(storedTat: number | null, rule: RateLimit, now: number, cost = 1): number | null {
  if (storedTat === null || storedTat <= now) return null;
  return Math.max(now, Math.floor(storedTat - cost * emissionIntervalMs(rule)));
}
