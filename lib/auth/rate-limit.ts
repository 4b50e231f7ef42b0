// Login throttling from the LoginAttempt table, so it holds across processes: too many
// recent failures for one email or from one IP refuse further attempts for a while.
import "server-only";
import { db } from "@/lib/db";

export const loginLimits = { windowMs: 15 * 60_000, perEmail: 5, perIp: 20 } as const;

/** True when this email or IP has used up its failures in the window. */
export async function isLoginBlocked(email: string, ip: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - loginLimits.windowMs);
  // take: bounds the count on a large table; we only need to know "at least N".
  const [byEmail, byIp] = await Promise.all([
    db.loginAttempt.findMany({ where: { email, success: false, createdAt: { gte: since } }, select: { id: true }, take: loginLimits.perEmail }),
    db.loginAttempt.findMany({ where: { ip, success: false, createdAt: { gte: since } }, select: { id: true }, take: loginLimits.perIp }),
  ]);
  return byEmail.length >= loginLimits.perEmail || byIp.length >= loginLimits.perIp;
}

/** Records one attempt (failures count towards the limit; successes are kept for the record). */
export async function recordLoginAttempt(email: string, ip: string, success: boolean, now: Date): Promise<void> {
  await db.loginAttempt.create({ data: { email, ip, success, createdAt: now } });
}
