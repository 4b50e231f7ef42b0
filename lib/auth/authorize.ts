// The whole credentials sign-in that next-auth's authorize() runs: the password (throttled, in
// lib/auth/sign-in.ts), then the second factor for enrolled accounts, then a server-side session
// and, for staff, an audit row. Refusals are next-auth error codes the sign-in form explains.
import "server-only";
import { recordAudit } from "@/lib/audit/record";
import { db } from "@/lib/db";
import { recordLoginAttempt } from "./rate-limit";
import { isStaffRole } from "./roles";
import { createSession } from "./sessions";
import { signInWithPassword, SignInThrottledError } from "./sign-in";
import { verifySecondFactor } from "./two-factor/verify-code";
import { accountLanguageData } from "./account-language";

/** The `error` the sign-in form receives (next-auth passes an Error's message through). */
export const signInErrorCodes = [
  "CredentialsSignin",
  "RateLimited",
  "TwoFactorRequired",
  "TwoFactorInvalid",
  "TwoFactorRateLimited",
] as const;
export type SignInErrorCode = (typeof signInErrorCodes)[number];

/** A refusal the form can explain ("RateLimited:<seconds>" says how long); anything else is a wrong email or password. */
export class SignInRefused extends Error {
  constructor(
    readonly code: SignInErrorCode,
    detail?: string,
  ) {
    super(detail ? `${code}:${detail}` : code);
    this.name = "SignInRefused";
  }
}

export type AuthorizedUser = { id: string; email: string; sessionId: string; sessionVersion: number };

/**
 * Signs in with email, password and (for accounts with two-factor sign-in) a TOTP or recovery
 * code. Null for a wrong email or password; throws SignInRefused for throttling and for a
 * missing, wrong or throttled code. Only a complete sign-in creates a session.
 */
export async function authorizeCredentials(input: {
  email: unknown;
  password: unknown;
  code?: unknown;
  ip: string;
  userAgent?: string;
  now?: Date;
  /** The sign-in page's language: recorded as the holder's (lib/auth/account-language.ts). */
  locale?: unknown;
}): Promise<AuthorizedUser | null> {
  const now = input.now ?? new Date();
  let user;
  try {
    user = await signInWithPassword({ email: input.email, password: input.password, ip: input.ip, now });
  } catch (err) {
    if (err instanceof SignInThrottledError) throw new SignInRefused("RateLimited", String(err.retryAfterS));
    throw err;
  }
  if (!user) return null;
  if (user.twoFactorEnabled) {
    const code = typeof input.code === "string" ? input.code.trim().slice(0, 40) : "";
    if (!code) throw new SignInRefused("TwoFactorRequired");
    const check = await verifySecondFactor(user, code, input.ip, now);
    if (check === "rate_limited") throw new SignInRefused("TwoFactorRateLimited");
    if (check !== "ok") throw new SignInRefused("TwoFactorInvalid");
    await recordLoginAttempt(user.email, input.ip, true, now);
  }
  const sessionId = await createSession({
    userId: user.id,
    twoFactor: user.twoFactorEnabled,
    ip: input.ip,
    userAgent: input.userAgent,
    now,
  });
  await db.user.update({ where: { id: user.id }, data: { lastLoginAt: now, ...accountLanguageData(input.locale) } });
  // Staff sign-ins also go to the audit log (failures are in LoginAttempt, for every account).
  if (isStaffRole(user.role)) {
    await recordAudit({
      actor: { id: user.id, email: user.email, role: user.role },
      action: "auth.sign_in",
      targetType: "user",
      targetId: user.id,
      after: { ip: input.ip, twoFactor: user.twoFactorEnabled },
    });
  }
  return { id: user.id, email: user.email, sessionId, sessionVersion: user.sessionVersion };
}
