// Server-side sessions: each sign-in is a Session row whose id rides in the next-auth JWT. The
// guards read the row (with its user) on every request, so a revoked session is refused at once,
// by every instance, at the cost of the one lookup the guards already made for the user.
import "server-only";
import { db, type Prisma } from "@/lib/db";

/** Same as the JWT's lifetime (lib/auth/options.ts): a session idle this long is over. */
export const sessionMaxAgeMs = 8 * 60 * 60_000;
/** lastSeenAt is refreshed at most this often, so a busy session costs one write per interval. */
const touchEveryMs = 5 * 60_000;

export type RevokeReason = "sign_out" | "sign_out_everywhere" | "password_reset" | "account_change" | "two_factor";

/** Starts a session at sign-in; `twoFactor` when the sign-in passed a second factor. */
export async function createSession(input: {
  userId: string;
  twoFactor: boolean;
  ip?: string;
  userAgent?: string;
  now?: Date;
}): Promise<string> {
  const now = input.now ?? new Date();
  const row = await db.session.create({
    data: {
      userId: input.userId,
      twoFactorAt: input.twoFactor ? now : null,
      lastSeenAt: now,
      createdAt: now,
      ip: input.ip?.slice(0, 64),
      userAgent: input.userAgent?.slice(0, 200),
    },
    select: { id: true },
  });
  return row.id;
}

const sessionSelect = {
  id: true,
  userId: true,
  twoFactorAt: true,
  lastSeenAt: true,
  revokedAt: true,
  user: { select: { id: true, email: true, role: true, disabledAt: true, sessionVersion: true, totpEnabledAt: true } },
} satisfies Prisma.SessionSelect;

export type LiveSession = Prisma.SessionGetPayload<{ select: typeof sessionSelect }>;

/**
 * The session with its user when it is live (exists, belongs to `userId`, not revoked, not idle
 * past its lifetime), else null. Refreshes lastSeenAt when it is older than a few minutes.
 */
export async function findLiveSession(
  sessionId: string,
  userId: string,
  now: Date = new Date(),
): Promise<LiveSession | null> {
  const row = await db.session.findUnique({ where: { id: sessionId }, select: sessionSelect });
  if (!row || row.userId !== userId || row.revokedAt) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > sessionMaxAgeMs) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > touchEveryMs) {
    // Conditional, so concurrent requests of one session write once.
    await db.session.updateMany({ where: { id: row.id, lastSeenAt: row.lastSeenAt }, data: { lastSeenAt: now } });
  }
  return row;
}

/** Ends one session (sign out); a no-op for an unknown or already revoked id. */
export async function revokeSession(sessionId: string, reason: RevokeReason, now: Date = new Date()): Promise<boolean> {
  const { count } = await db.session.updateMany({
    where: { id: sessionId, revokedAt: null },
    data: { revokedAt: now, revokedReason: reason },
  });
  return count > 0;
}

/**
 * Ends every session of a user except `keep` (password reset, sign out everywhere, two-factor
 * changes). Also bumps sessionVersion, which the guards check too.
 */
export async function revokeUserSessions(
  userId: string,
  reason: RevokeReason,
  opts: { keep?: string; now?: Date; tx?: Prisma.TransactionClient } = {},
): Promise<number> {
  const client = opts.tx ?? db;
  const now = opts.now ?? new Date();
  const { count } = await client.session.updateMany({
    where: { userId, revokedAt: null, ...(opts.keep ? { id: { not: opts.keep } } : {}) },
    data: { revokedAt: now, revokedReason: reason },
  });
  if (!opts.keep) await client.user.update({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } });
  return count;
}

/** Marks a session as having passed a second factor (after enrolment in it). */
export async function markSessionTwoFactor(sessionId: string, now: Date = new Date()): Promise<void> {
  await db.session.updateMany({ where: { id: sessionId, revokedAt: null }, data: { twoFactorAt: now } });
}

/** Deletes sessions that ended or went idle long ago (housekeeping, background job). */
export async function pruneSessions(now: Date = new Date(), keepMs = 30 * 24 * 60 * 60_000): Promise<number> {
  const before = new Date(now.getTime() - keepMs);
  const { count } = await db.session.deleteMany({ where: { lastSeenAt: { lt: before } } });
  return count;
}
