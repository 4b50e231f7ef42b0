// Per-client limits shared by every process: one GCRA state (the theoretical arrival time) per
// key in the database, changed only by a conditional write on the value that was read, so two
// instances behind a balancer count each hit of the same client exactly once
// (docs/going-live.md#per-client-limits). The arithmetic is in ./gcra.ts. The same rows also hold
// short leases (takeLease): at most N holders of a key at once, such as password checks in flight.
import "server-only";
import { createHash } from "node:crypto";
import { Prisma } from "@prisma/client";
import { db } from "@/lib/db";
import { decideGcra, emissionIntervalMs, giveBackGcra, type RateLimit } from "./gcra";
import { pruneEventCounters } from "./event-counter";

export type { RateLimit } from "./gcra";
export type RateLimitResult = { ok: true; remaining: number } | { ok: false; retryAfterMs: number };

const globalForClock = globalThis as unknown as { __rateLimitClock?: () => Date };

/** The limiter's clock: the wall clock, unless a test fixed it (then no test depends on where the clock stands). */
function rateLimitNow(): Date {
  return globalForClock.__rateLimitClock?.() ?? new Date();
}

/** Tests that drive a limit through an entry point (which passes no `now`) fix the limiter's clock here. */
export function setRateLimitClockForTests(clock: (() => Date) | undefined): void {
  globalForClock.__rateLimitClock = clock;
}

/** Rounds of read → conditional write before a hit that keeps losing the race is refused. */
const maxRounds = 50;

const maxKeyLength = 200;

/**
 * The stored id of `key`: the key itself up to 200 characters; a longer one (a limit keyed by a
 * 254-character email) keeps its start, readable, and ends in the SHA-256 of the whole key, so
 * two long keys that differ only at the end never share a count.
 */
function bucketId(key: string): string {
  if (key.length <= maxKeyLength) return key;
  const digest = createHash("sha256").update(key).digest("hex");
  return `${key.slice(0, maxKeyLength - digest.length - 1)}#${digest}`;
}

/** Stores `tat` if the row still holds `expected` (null: no row yet); false when another hit came first. */
async function swapTat(key: string, expected: Date | null, tat: Date): Promise<boolean> {
  if (expected) {
    const { count } = await db.rateLimitBucket.updateMany({ where: { key, tat: expected }, data: { tat } });
    return count === 1;
  }
  try {
    await db.rateLimitBucket.create({ data: { key, tat } });
    return true;
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") return false;
    throw err;
  }
}

async function readTat(key: string): Promise<Date | null> {
  const row = await db.rateLimitBucket.findUnique({ where: { key }, select: { tat: true } });
  return row?.tat ?? null;
}

/**
 * Counts `cost` hits for `key` (a 20-line quote is 20 stock checks) and says whether they fit
 * `rule`: at most `limit` at once, then one more every windowMs / limit. A refused hit counts
 * nothing and says when it would fit. Keys over 200 characters are stored hashed (bucketId).
 */
export async function consumeRateLimit(
  key: string,
  rule: RateLimit,
  now: Date = rateLimitNow(),
  cost = 1,
): Promise<RateLimitResult> {
  const id = bucketId(key);
  for (let round = 0; round < maxRounds; round++) {
    const stored = await readTat(id);
    const decision = decideGcra(stored?.getTime() ?? null, rule, now.getTime(), cost);
    if (!decision.ok) return decision;
    if (await swapTat(id, stored, new Date(decision.tat))) return { ok: true, remaining: decision.remaining };
  }
  // So many hits on one key at once that it lost every round: refusing one of them is fair.
  return { ok: false, retryAfterMs: Math.ceil(emissionIntervalMs(rule)) };
}

/**
 * Gives back `cost` hits counted by consumeRateLimit: for limits on failures (two-factor codes)
 * a hit is counted before the check, so parallel guesses are bounded, and given back when the
 * check passed; and for a hit counted on one key when another key refused the same request.
 */
export async function refundRateLimit(
  key: string,
  rule: RateLimit,
  now: Date = rateLimitNow(),
  cost = 1,
): Promise<void> {
  const id = bucketId(key);
  for (let round = 0; round < maxRounds; round++) {
    const stored = await readTat(id);
    const tat = giveBackGcra(stored?.getTime() ?? null, rule, now.getTime(), cost);
    if (tat === null || (await swapTat(id, stored, new Date(tat)))) return;
  }
}

/** Whether one more hit for `key` would pass now, without counting it (a cheap early refusal). */
export async function peekRateLimit(
  key: string,
  rule: RateLimit,
  now: Date = rateLimitNow(),
): Promise<RateLimitResult> {
  const decision = decideGcra((await readTat(bucketId(key)))?.getTime() ?? null, rule, now.getTime());
  return decision.ok ? { ok: true, remaining: decision.remaining + 1 } : decision;
}

/**
 * Takes a lease on one of `slots` seats of `key` until it is released or `ttlMs` has passed (a
 * holder that died): at most `slots` holders at once across every process. Null when every seat
 * is held. A release deletes the seat, so it leaves nothing behind for a clock that runs behind.
 */
export async function takeLease(
  key: string,
  opts: { slots?: number; ttlMs: number },
  now: Date = rateLimitNow(),
): Promise<{ release: () => Promise<void> } | null> {
  const until = new Date(now.getTime() + opts.ttlMs);
  for (let seat = 0; seat < (opts.slots ?? 1); seat++) {
    const id = bucketId(`${key}#${seat}`);
    const held = await readTat(id);
    if (held && held.getTime() > now.getTime()) continue;
    if (!(await swapTat(id, held, until))) continue;
    return {
      release: async () => {
        await db.rateLimitBucket.deleteMany({ where: { key: id, tat: until } });
      },
    };
  }
  return null;
}

export type RateLimitHit = { key: string; rule: RateLimit; cost?: number };

/**
 * Counts one request against several limits (an address and its network; an account, a client
 * and the pair): it passes only if every limit has room, and a refused request leaves no hit on
 * any of them. The refusal with the longest wait is the answer.
 */
export async function consumeRateLimits(
  hits: readonly RateLimitHit[],
  now: Date = rateLimitNow(),
): Promise<RateLimitResult> {
  const results = await Promise.all(hits.map((h) => consumeRateLimit(h.key, h.rule, now, h.cost)));
  const refusals = results.filter((r) => !r.ok);
  if (!refusals.length) return { ok: true, remaining: Math.min(...results.map((r) => (r.ok ? r.remaining : 0))) };
  await Promise.all(hits.map((h, i) => (results[i]!.ok ? refundRateLimit(h.key, h.rule, now, h.cost) : undefined)));
  return { ok: false, retryAfterMs: Math.max(...refusals.map((r) => (r.ok ? 0 : r.retryAfterMs))) };
}

/** Deletes limiter states whose time has passed and event counters of long-gone windows (a background job). */
export async function pruneRateLimitCounters(
  now: Date = rateLimitNow(),
  olderThanMs = 24 * 3_600_000,
): Promise<number> {
  const { count } = await db.rateLimitBucket.deleteMany({ where: { tat: { lt: now } } });
  return count + (await pruneEventCounters(now, olderThanMs));
}
