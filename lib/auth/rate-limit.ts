// Sign-in throttling from the LoginAttempt table, so it holds across processes. No hard lock
// per account (anyone could lock the owner out with five wrong guesses): growing delays.
//  - per account and client: a few free failures, then each attempt waits 1 s, 2 s, 4 s … 60 s
//    after the last failure from that client;
//  - per account from clients that never signed in to it: after 10 failures in the window,
//    1 s … 30 s (slows guessing spread over many addresses, never for long);
//  - per client: 20 failures across accounts in the window refuse that client until it ends.
// A refused attempt is not a failure (it extends nothing); checks run one at a time per account
// and client (signInInFlight), so a parallel burst is judged like guesses in a row. A client
// that signed in to the account before is not slowed by other clients' failures: the owner gets
// in at once from their usual place, and from anywhere else after at most 30 s. "Signed in" means the whole
// sign-in: an account with two-factor sign-in records its success only once the code passed
// (lib/auth/authorize.ts), so a password alone never makes a client known; the two-factor
// throttle asks the same question (lib/auth/two-factor/throttle.ts).
import "server-only";
import { db } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { takeLease } from "@/lib/rate-limit";

export const signInThrottle = {
  windowMs: 15 * 60_000,
  pair: { free: 3, maxDelayMs: 60_000 },
  account: { free: 10, maxDelayMs: 30_000 },
  perClientFailures: 20,
  knownClientMs: 30 * 86_400_000,
} as const;

export type SignInGate = { ok: true } | { ok: false; retryAfterMs: number };

/**
 * Password checks under way at once: one per account and client, four per client. The delays
 * above read the failures recorded so far, so a burst of parallel guesses would all read the
 * same few; one at a time per pair, each guess reads every failure before it. A lease left by a
 * process that died mid-check ends after `ttlMs`.
 */
export const signInInFlight = { perPair: 1, perClient: 4, ttlMs: 15_000 } as const;

export type SignInSlot = { ok: true; release: () => Promise<void> } | { ok: false };

/**
 * Takes the slot for one password check of `email` from `ip` (released once the attempt is
 * recorded). Clients in RATE_LIMIT_EXEMPT (monitoring, test rigs) take none.
 */
export async function beginSignInAttempt(email: string, ip: string, now: Date): Promise<SignInSlot> {
  const t = signInInFlight;
  if (getEnv().RATE_LIMIT_EXEMPT.includes(ip)) return { ok: true, release: async () => {} };
  const pair = await takeLease(`signin:busy:${ip}:${email}`, { slots: t.perPair, ttlMs: t.ttlMs }, now);
  if (!pair) return { ok: false };
  const client = await takeLease(`signin:busy:${ip}`, { slots: t.perClient, ttlMs: t.ttlMs }, now);
  if (!client) {
    await pair.release();
    return { ok: false };
  }
  return { ok: true, release: () => Promise.all([pair.release(), client.release()]).then(() => undefined) };
}

/** 0 within the free failures, then 1 s doubling per failure up to `maxDelayMs`. */
export function delayAfter(failures: number, rule: { free: number; maxDelayMs: number }): number {
  if (failures <= rule.free) return 0;
  return Math.min(1000 * 2 ** (failures - rule.free - 1), rule.maxDelayMs);
}

/** Whether this email may try a password from this client now, and if not, how long to wait. */
export async function checkSignInGate(email: string, ip: string, now: Date): Promise<SignInGate> {
  const t = signInThrottle;
  const since = new Date(now.getTime() - t.windowMs);
  const failed = { success: false, createdAt: { gte: since, lte: now } };
  // take: bounds each read on a large table; no rule needs more rows than this.
  const [byEmail, byIp, known] = await Promise.all([
    db.loginAttempt.findMany({
      where: { email, ...failed },
      orderBy: { createdAt: "desc" },
      select: { ip: true, createdAt: true },
      take: 200,
    }),
    db.loginAttempt.findMany({
      where: { ip, ...failed },
      orderBy: { createdAt: "desc" },
      select: { createdAt: true },
      take: t.perClientFailures,
    }),
    hasSignedInFrom(email, ip, now),
  ]);
  const waits: number[] = [];
  const exempt = getEnv().RATE_LIMIT_EXEMPT.includes(ip);
  if (byIp.length >= t.perClientFailures && !exempt)
    waits.push(byIp.at(-1)!.createdAt.getTime() + t.windowMs - now.getTime());
  const fromThisClient = byEmail.filter((a) => a.ip === ip);
  if (fromThisClient.length)
    waits.push(fromThisClient[0]!.createdAt.getTime() + delayAfter(fromThisClient.length, t.pair) - now.getTime());
  if (!known && byEmail.length)
    waits.push(byEmail[0]!.createdAt.getTime() + delayAfter(byEmail.length, t.account) - now.getTime());
  const retryAfterMs = Math.max(0, ...waits);
  return retryAfterMs > 0 ? { ok: false, retryAfterMs } : { ok: true };
}

/** Whether this client signed in to the account in the last 30 days (the one home of "a known client"). */
export async function hasSignedInFrom(email: string, ip: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - signInThrottle.knownClientMs);
  const row = await db.loginAttempt.findFirst({
    where: { email, ip, success: true, createdAt: { gte: since, lte: now } },
    select: { id: true },
  });
  return row !== null;
}

/** Records one attempt (failures feed the delays; successes mark the client as known). */
export async function recordLoginAttempt(email: string, ip: string, success: boolean, now: Date): Promise<void> {
  await db.loginAttempt.create({ data: { email, ip, success, createdAt: now } });
}
