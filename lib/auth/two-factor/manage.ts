// Turning two-factor sign-in off: by the account itself (with a current code, and only where its
// role does not require it) or by an owner for a staff member who lost their device. Either way
// the secret and recovery codes go and every session of the account ends.
import "server-only";
import { revokeUserSessions } from "@/lib/auth/sessions";
import { db } from "@/lib/db";

/** Removes the account's secret (active and pending), its recovery codes and all its sessions. */
export async function clearTwoFactor(userId: string, now: Date = new Date()): Promise<{ wasEnrolled: boolean }> {
  const before = await db.user.findUnique({ where: { id: userId }, select: { totpEnabledAt: true } });
  await db.$transaction(async (tx) => {
    await tx.user.update({
      where: { id: userId },
      data: { totpSecretEnc: null, totpEnabledAt: null, totpLastStep: null, totpPendingEnc: null, totpPendingAt: null },
    });
    await tx.recoveryCode.deleteMany({ where: { userId } });
    await revokeUserSessions(userId, "two_factor", { now, tx });
  });
  return { wasEnrolled: Boolean(before?.totpEnabledAt) };
}

/** What the security page shows: enrolled since when, and how many recovery codes are left. */
export async function getTwoFactorStatus(
  userId: string,
): Promise<{ enabledAt: Date | null; recoveryCodesLeft: number }> {
  const [user, left] = await Promise.all([
    db.user.findUnique({ where: { id: userId }, select: { totpEnabledAt: true } }),
    db.recoveryCode.count({ where: { userId, usedAt: null } }),
  ]);
  return { enabledAt: user?.totpEnabledAt ?? null, recoveryCodesLeft: left };
}
