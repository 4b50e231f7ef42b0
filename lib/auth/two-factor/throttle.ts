// Wrong second-factor codes, throttled so a password holder can guess only slowly and cannot
// lock the owner out (docs/accounts-security.md#two-factor-throttle). Failures count per account
// and client, per client across accounts, and per account from clients that never signed in
// to it, a higher ceiling that guessing spread over many addresses meets. A client that signed
// in to the account before (lib/auth/rate-limit.ts, the same notion sign-in uses) is not held
// back by other clients' failures, so the owner gets in from their usual place whatever a
// password holder tries elsewhere.
import "server-only";
import { hasSignedInFrom } from "@/lib/auth/rate-limit";
import { consumeRateLimits, refundRateLimit, type RateLimitHit } from "@/lib/rate-limit";

const quarterHour = 15 * 60_000;

/** Failed codes allowed per 15 minutes (a right code gives its hits back). */
export const twoFactorLimits = {
  perAccountAndClient: { limit: 5, windowMs: quarterHour },
  perAccountFromNewClients: { limit: 10, windowMs: quarterHour },
  perClient: { limit: 20, windowMs: quarterHour },
} as const;

export type CodeCheck = "ok" | "invalid" | "rate_limited";

/**
 * Runs `check` under the failure limits: counted first (so parallel guesses are bounded), given
 * back when it passed. A refused attempt counts nothing and checks nothing.
 */
export async function underTwoFactorLimits(
  user: { id: string; email: string },
  ip: string,
  now: Date,
  check: () => Promise<boolean>,
): Promise<CodeCheck> {
  const l = twoFactorLimits;
  const hits: RateLimitHit[] = [
    { key: `2fa:pair:${user.id}:${ip}`, rule: l.perAccountAndClient },
    { key: `2fa:ip:${ip}`, rule: l.perClient },
  ];
  if (!(await hasSignedInFrom(user.email, ip, now)))
    hits.push({ key: `2fa:user:${user.id}`, rule: l.perAccountFromNewClients });
  if (!(await consumeRateLimits(hits, now)).ok) return "rate_limited";
  const ok = await check();
  if (ok) await Promise.all(hits.map((h) => refundRateLimit(h.key, h.rule, now)));
  return ok ? "ok" : "invalid";
}
