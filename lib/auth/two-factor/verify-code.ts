// Checks a second-factor code (TOTP or recovery code) for a user: throttled per user and per
// client, a TOTP step used once only (replay refused), a recovery code used once only. Every
// "used" mark is a conditional write, so two instances never accept the same code twice.
import "server-only";
import { decryptSecret } from "@/lib/crypto/codes-cipher";
import { db } from "@/lib/db";
import { consumeRateLimit, refundRateLimit } from "@/lib/rate-limit";
import { hashRecoveryCode, looksLikeRecoveryCode } from "./recovery-codes";
import { matchTotpStep } from "./totp";

/** Failed codes allowed per user, and per client, in 15 minutes (a success gives its hit back). */
export const twoFactorLimits = {
  perUser: { limit: 5, windowMs: 15 * 60_000 },
  perClient: { limit: 20, windowMs: 15 * 60_000 },
} as const;

export type CodeCheck = "ok" | "invalid" | "rate_limited";

/** Claims the TOTP step for the user when it is newer than the last one accepted. */
async function claimTotpStep(userId: string, step: number): Promise<boolean> {
  const { count } = await db.user.updateMany({
    where: { id: userId, totpEnabledAt: { not: null }, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] },
    data: { totpLastStep: step },
  });
  return count === 1;
}

async function useRecoveryCode(userId: string, code: string, now: Date): Promise<boolean> {
  const { count } = await db.recoveryCode.updateMany({
    where: { userId, codeHash: hashRecoveryCode(code), usedAt: null },
    data: { usedAt: now },
  });
  return count === 1;
}

/** Runs `check` under the failure limits: counted first, given back when it passed. */
export async function underTwoFactorLimits(
  userId: string,
  ip: string,
  now: Date,
  check: () => Promise<boolean>,
): Promise<CodeCheck> {
  const keys = [
    [`2fa:user:${userId}`, twoFactorLimits.perUser],
    [`2fa:ip:${ip}`, twoFactorLimits.perClient],
  ] as const;
  const results = await Promise.all(keys.map(([key, rule]) => consumeRateLimit(key, rule, now)));
  if (results.some((r) => !r.ok)) return "rate_limited";
  const ok = await check();
  if (ok) await Promise.all(keys.map(([key, rule]) => refundRateLimit(key, rule, now)));
  return ok ? "ok" : "invalid";
}

/** Checks a code typed at sign-in (or to confirm a sensitive change) for an enrolled user. */
export async function verifySecondFactor(
  userId: string,
  code: string,
  ip: string,
  now: Date = new Date(),
): Promise<CodeCheck> {
  const input = code.trim().replace(/\s/g, "");
  return underTwoFactorLimits(userId, ip, now, async () => {
    const user = await db.user.findUnique({
      where: { id: userId },
      select: { totpSecretEnc: true, totpEnabledAt: true },
    });
    if (!user?.totpSecretEnc || !user.totpEnabledAt) return false;
    if (looksLikeRecoveryCode(input)) return useRecoveryCode(userId, input, now);
    const step = matchTotpStep(decryptSecret(user.totpSecretEnc), input, now);
    return step !== null && (await claimTotpStep(userId, step));
  });
}
