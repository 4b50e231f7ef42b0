// Password reset for shoppers and staff: a single-use link that expires (only the SHA-256 of
// its token is stored), the same answer whether or not the account exists, limits per client
// and per email, and every session of the account ended once the password changes. Two-factor
// sign-in is untouched: staff who have it still need their code after a reset. A request is
// answered before the account is even looked up; the link goes out after the response, so the
// answer's timing does not tell either (docs/accounts-security.md#one-answer-one-timing).
import "server-only";
import crypto from "node:crypto";
import { recordAudit } from "@/lib/audit/record";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { runAfterResponse } from "@/lib/http/after-response";
import { log } from "@/lib/log";
import { consumeClientLimitsTogether } from "@/lib/rate-limit/client-limits";
import { hashPassword } from "./password";
import { sendPasswordChangedEmail, sendPasswordResetEmail } from "./password-reset-email";
import { isStaffRole } from "./roles";
import { revokeUserSessions } from "./sessions";
import { normaliseEmail } from "./sign-in";

export const resetTokenTtlMs = 60 * 60_000;

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/**
 * Answers at once and emails a reset link after the response when an active account has this
 * email; says nothing either way. Refused (rate_limited) past the per-client (and per-network)
 * or per-email limit, which count every request alike; a refused request counts on none.
 */
export async function requestPasswordReset(
  emailInput: string,
  ip: string,
  now: Date = new Date(),
  locale?: string,
): Promise<"sent_if_exists" | "rate_limited"> {
  const email = normaliseEmail(emailInput);
  // The client with its network, and the email: all or nothing (docs/going-live.md#per-client-limits).
  const limited = await consumeClientLimitsTogether(
    [
      { name: "passwordReset", subject: ip },
      { name: "passwordResetPerAddress", subject: `email:${email}` },
    ],
    { now },
  );
  if (!limited.ok) return "rate_limited";
  runAfterResponse(() =>
    sendResetLinkIfAccount(email, now, locale).catch((err: unknown) =>
      log.error({ err }, "password reset: could not send the link"),
    ),
  );
  return "sent_if_exists";
}

async function sendResetLinkIfAccount(email: string, now: Date, locale?: string): Promise<void> {
  const user = await db.user.findUnique({ where: { email }, select: { id: true, email: true, disabledAt: true } });
  if (!user || user.disabledAt) return;
  const token = crypto.randomBytes(32).toString("base64url");
  const row = await db.passwordResetToken.create({
    data: {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + resetTokenTtlMs),
      createdAt: now,
    },
  });
  await sendPasswordResetEmail(user, {
    tokenId: row.id,
    link: `${env.APP_URL}/reset-password?token=${token}`,
    ttlMinutes: resetTokenTtlMs / 60_000,
    locale,
  });
}

/** Sets a new password with a reset token: once, before it expires. False for any bad token. */
export async function resetPassword(
  token: string,
  newPassword: string,
  ip: string,
  now: Date = new Date(),
  locale?: string,
): Promise<boolean> {
  const row = await db.passwordResetToken.findUnique({
    where: { tokenHash: hashToken(token) },
    include: { user: { select: { id: true, email: true, role: true, disabledAt: true } } },
  });
  if (!row || row.usedAt || row.expiresAt <= now || row.user.disabledAt) return false;
  const passwordHash = await hashPassword(newPassword);
  // Claim the token first (conditional write): two submissions of one link change it once.
  const claimed = await db.passwordResetToken.updateMany({
    where: { id: row.id, usedAt: null },
    data: { usedAt: now },
  });
  if (claimed.count === 0) return false;
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: row.userId }, data: { passwordHash } });
    // Every other outstanding link of the account stops working too.
    await tx.passwordResetToken.updateMany({ where: { userId: row.userId, usedAt: null }, data: { usedAt: now } });
    await revokeUserSessions(row.userId, "password_reset", { now, tx });
  });
  const { user } = row;
  if (isStaffRole(user.role)) {
    await recordAudit({
      actor: { id: user.id, email: user.email, role: user.role },
      action: "auth.password_reset",
      targetType: "user",
      targetId: user.id,
      after: { ip },
    });
  }
  await sendPasswordChangedEmail(user, { tokenId: row.id, locale });
  return true;
}

/** Deletes reset tokens long past their expiry (housekeeping, background job). */
export async function pruneResetTokens(now: Date = new Date()): Promise<number> {
  const { count } = await db.passwordResetToken.deleteMany({
    where: { expiresAt: { lt: new Date(now.getTime() - 7 * 24 * 60 * 60_000) } },
  });
  return count;
}
