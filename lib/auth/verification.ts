// Email verification for shoppers: a one-time link through the outbox. Verifying proves
// the shopper owns the address, so guest orders placed with it are claimed into the account.
import "server-only";
import crypto from "node:crypto";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { queueEmail } from "@/lib/mail/send-email";
import { verifyEmailEmail } from "@/lib/mail/templates";
import { accountLanguage } from "./account-language";

const tokenTtlMs = 48 * 60 * 60_000;

function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** Creates a fresh token (only its hash is stored) and queues the email with the link. */
export async function sendVerificationEmail(
  user: { id: string; email: string },
  now: Date = new Date(),
  locale?: string,
): Promise<void> {
  const language = await accountLanguage(user.id, locale);
  const token = crypto.randomBytes(32).toString("base64url");
  const row = await db.emailVerificationToken.create({
    data: {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + tokenTtlMs),
      createdAt: now,
    },
  });
  await queueEmail({
    to: user.email,
    kind: "verify_email",
    dedupeKey: `verify:${row.id}`,
    content: verifyEmailEmail({
      url: `${env.APP_URL}/verify-email?token=${token}`,
      expiresInHours: tokenTtlMs / 3_600_000,
      locale: language,
    }),
  });
}

/** Moves guest orders with this (verified) email into the account; returns how many. */
export async function claimGuestOrders(userId: string, email: string): Promise<number> {
  const result = await db.order.updateMany({ where: { email, userId: null }, data: { userId } });
  return result.count;
}

/** Uses a token once: marks the email verified and claims guest orders. Null when invalid/expired/used. */
export async function verifyEmailToken(
  token: string,
  now: Date = new Date(),
): Promise<{ userId: string; claimed: number } | null> {
  const row = await db.emailVerificationToken.findUnique({
    where: { tokenHash: hashToken(token) },
    include: { user: true },
  });
  if (!row || row.usedAt || row.expiresAt <= now) return null;
  const used = await db.emailVerificationToken.updateMany({
    where: { id: row.id, usedAt: null },
    data: { usedAt: now },
  });
  if (used.count === 0) return null;
  await db.user.update({ where: { id: row.userId }, data: { emailVerifiedAt: row.user.emailVerifiedAt ?? now } });
  const claimed = await claimGuestOrders(row.userId, row.user.email);
  return { userId: row.userId, claimed };
}
