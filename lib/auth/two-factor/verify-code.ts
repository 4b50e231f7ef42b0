// Checks a second-factor code (TOTP or recovery code) for a user: throttled (./throttle.ts), a
// TOTP step used once only (replay refused), a recovery code used once only. Every "used" mark
// is a conditional write, so two instances never accept the same code twice.
import "server-only";
import { decryptSecret } from "@/lib/crypto/codes-cipher";
import { db } from "@/lib/db";
import { hashRecoveryCode, looksLikeRecoveryCode } from "./recovery-codes";
import { type CodeCheck, underTwoFactorLimits } from "./throttle";
import { matchTotpStep } from "./totp";

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

/** Checks a code typed at sign-in (or to confirm a sensitive change) for an enrolled user. */
export async function verifySecondFactor(
  user: { id: string; email: string },
  code: string,
  ip: string,
  now: Date = new Date(),
): Promise<CodeCheck> {
  const input = code.trim().replace(/\s/g, "");
  return underTwoFactorLimits(user, ip, now, async () => {
    const row = await db.user.findUnique({
      where: { id: user.id },
      select: { totpSecretEnc: true, totpEnabledAt: true },
    });
    if (!row?.totpSecretEnc || !row.totpEnabledAt) return false;
    if (looksLikeRecoveryCode(input)) return useRecoveryCode(user.id, input, now);
    const step = matchTotpStep(decryptSecret(row.totpSecretEnc), input, now);
    return step !== null && (await claimTotpStep(user.id, step));
  });
}
