// Enrolling in two-factor sign-in: a secret is shown once (QR code and text) and kept encrypted
// as "pending" until the first code from the app proves it was stored; then the secret becomes
// active, ten recovery codes are issued (shown once), and every other session of the account ends.
import "server-only";
import { recordAudit } from "@/lib/audit/record";
import { isStaffRole } from "@/lib/auth/roles";
import { markSessionTwoFactor, revokeUserSessions } from "@/lib/auth/sessions";
import { decryptSecret, encryptSecret } from "@/lib/crypto/codes-cipher";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { generateRecoveryCodes, hashRecoveryCode } from "./recovery-codes";
import { generateTotpSecret, matchTotpStep, totpUri } from "./totp";
import { underTwoFactorLimits } from "./throttle";

/** A pending secret must be confirmed within this time, else enrolment starts over. */
export const pendingTtlMs = 15 * 60_000;

export type EnrolmentStart = { secret: string; uri: string };
type Account = { id: string; email: string; role: string };

/** Creates (or replaces) the pending secret of a user who is not enrolled yet. */
export async function startTwoFactorEnrolment(
  user: Account,
  issuer: string,
  now: Date = new Date(),
): Promise<EnrolmentStart> {
  const secret = generateTotpSecret();
  const { count } = await db.user.updateMany({
    where: { id: user.id, totpEnabledAt: null },
    data: { totpPendingEnc: encryptSecret(secret), totpPendingAt: now },
  });
  if (count === 0)
    throw new AppError("conflict", { userMessage: "Two-factor sign-in is already on for this account." });
  return { secret, uri: totpUri(secret, user.email, issuer) };
}

/** Replaces the user's recovery codes with fresh ones and returns them (shown once). */
export async function issueRecoveryCodes(userId: string, now: Date = new Date()): Promise<string[]> {
  const codes = generateRecoveryCodes();
  await db.$transaction([
    db.recoveryCode.deleteMany({ where: { userId } }),
    db.recoveryCode.createMany({ data: codes.map((c) => ({ userId, codeHash: hashRecoveryCode(c), createdAt: now })) }),
  ]);
  return codes;
}

/**
 * Confirms enrolment with the first code from the app. Returns the recovery codes, or null when
 * the code is wrong (or throttled, or the pending secret expired: `reason` says which).
 */
export async function confirmTwoFactorEnrolment(
  user: Account,
  input: { code: string; sessionId: string | null; ip: string; now?: Date },
): Promise<{ ok: true; recoveryCodes: string[] } | { ok: false; reason: "invalid" | "rate_limited" | "expired" }> {
  const now = input.now ?? new Date();
  const row = await db.user.findUnique({
    where: { id: user.id },
    select: { totpPendingEnc: true, totpPendingAt: true, totpEnabledAt: true },
  });
  if (row?.totpEnabledAt)
    throw new AppError("conflict", { userMessage: "Two-factor sign-in is already on for this account." });
  if (!row?.totpPendingEnc || !row.totpPendingAt || now.getTime() - row.totpPendingAt.getTime() > pendingTtlMs)
    return { ok: false, reason: "expired" };
  const secretEnc = row.totpPendingEnc;
  let step: number | null = null;
  const check = await underTwoFactorLimits(user, input.ip, now, async () => {
    step = matchTotpStep(decryptSecret(secretEnc), input.code.trim(), now);
    return step !== null;
  });
  if (check !== "ok" || step === null)
    return { ok: false, reason: check === "rate_limited" ? "rate_limited" : "invalid" };
  // Conditional on the same pending secret: two confirmations racing enrol once.
  const { count } = await db.user.updateMany({
    where: { id: user.id, totpEnabledAt: null, totpPendingEnc: secretEnc },
    data: {
      totpSecretEnc: secretEnc,
      totpEnabledAt: now,
      totpLastStep: step,
      totpPendingEnc: null,
      totpPendingAt: null,
    },
  });
  if (count === 0)
    throw new AppError("conflict", { userMessage: "Two-factor sign-in is already on for this account." });
  const recoveryCodes = await issueRecoveryCodes(user.id, now);
  // Sessions signed in with the password alone end; this one has now shown a second factor.
  await revokeUserSessions(user.id, "two_factor", { keep: input.sessionId ?? undefined, now });
  if (input.sessionId) await markSessionTwoFactor(input.sessionId, now);
  if (isStaffRole(user.role)) {
    await recordAudit({
      actor: { id: user.id, email: user.email, role: user.role },
      action: "auth.two_factor_enrol",
      targetType: "user",
      targetId: user.id,
    });
  }
  return { ok: true, recoveryCodes };
}

/**
 * Enrols an account with a given secret, without the confirmation step: for the command line
 * (npm run create-owner -- … --totp-secret-env NAME), e.g. an end-to-end owner whose codes the
 * tests compute. Issues no recovery codes and keeps existing sessions.
 */
export async function enrolTwoFactorWithSecret(
  userId: string,
  secretBase32: string,
  now: Date = new Date(),
): Promise<void> {
  if (!/^[A-Z2-7]{16,}$/.test(secretBase32))
    throw new Error("the TOTP secret must be base32 (A–Z, 2–7), at least 16 characters");
  await db.user.update({
    where: { id: userId },
    data: {
      totpSecretEnc: encryptSecret(secretBase32),
      totpEnabledAt: now,
      totpLastStep: null,
      totpPendingEnc: null,
      totpPendingAt: null,
    },
  });
}
