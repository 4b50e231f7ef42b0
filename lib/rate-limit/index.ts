// Per-client limits shared by every process: one fixed-window counter row per key in the
// database, so two instances behind a balancer count the same client once.
import "server-only";
import { db } from "@/lib/db";

export type RateLimit = { limit: number; windowMs: number };
export type RateLimitResult = { ok: true; remaining: number } | { ok: false; retryAfterMs: number };

/** The window a moment belongs to (windows are aligned, so every process agrees on them). */
function windowStartOf(now: Date, windowMs: number): Date {
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

/**
 * Counts one hit for `key` and says whether it is within `limit` hits per window. A refused hit
 * still counts (a client hammering a refused endpoint stays refused). Keys are capped at 200
 * characters; put the bucket first ("signup:ip:…").
 */
export async function consumeRateLimit(
  key: string,
  rule: RateLimit,
  now: Date = new Date(),
  cost = 1,
): Promise<RateLimitResult> {
  const windowStart = windowStartOf(now, rule.windowMs);
  // One row per key and window: a single native upsert (INSERT … ON CONFLICT DO UPDATE) counts
  // the hit atomically, so concurrent hits from several processes are each counted once.
  // `cost` counts one request as several hits (a 20-line quote is 20 stock checks).
  const id = counterId(key, windowStart);
  const { count } = await db.rateLimitCounter.upsert({
    where: { key: id },
    create: { key: id, windowStart, count: cost },
    update: { count: { increment: cost } },
    select: { count: true },
  });
  if (count <= rule.limit) return { ok: true, remaining: rule.limit - count };
  return { ok: false, retryAfterMs: windowStart.getTime() + rule.windowMs - now.getTime() };
}

/**
 * Gives back one hit counted by consumeRateLimit in the same window: for limits on failures
 * (two-factor codes), a hit is counted before the check (so parallel guesses are bounded) and
 * returned when the check passed.
 */
export async function refundRateLimit(key: string, rule: RateLimit, now: Date = new Date()): Promise<void> {
  const id = counterId(key, windowStartOf(now, rule.windowMs));
  await db.rateLimitCounter.updateMany({ where: { key: id, count: { gt: 0 } }, data: { count: { decrement: 1 } } });
}

/** Whether `key` has already used up its window, without counting a hit (a cheap early refusal). */
export async function peekRateLimit(key: string, rule: RateLimit, now: Date = new Date()): Promise<RateLimitResult> {
  const windowStart = windowStartOf(now, rule.windowMs);
  const row = await db.rateLimitCounter.findUnique({
    where: { key: counterId(key, windowStart) },
    select: { count: true },
  });
  const count = row?.count ?? 0;
  if (count < rule.limit) return { ok: true, remaining: rule.limit - count };
  return { ok: false, retryAfterMs: windowStart.getTime() + rule.windowMs - now.getTime() };
}

/** Hits counted for `key` in the window that holds `at` (0 when none); for counters read by other modules. */
export async function countRateLimitHits(key: string, windowMs: number, at: Date = new Date()): Promise<number> {
  const row = await db.rateLimitCounter.findUnique({
    where: { key: counterId(key, windowStartOf(at, windowMs)) },
    select: { count: true },
  });
  return row?.count ?? 0;
}

function counterId(key: string, windowStart: Date): string {
  return `${key.slice(0, 200)}@${windowStart.getTime()}`;
}

/** Deletes counters whose window started long ago (housekeeping from a background job). */
export async function pruneRateLimitCounters(now: Date = new Date(), olderThanMs = 24 * 3_600_000): Promise<number> {
  const { count } = await db.rateLimitCounter.deleteMany({
    where: { windowStart: { lt: new Date(now.getTime() - olderThanMs) } },
  });
  return count;
}
