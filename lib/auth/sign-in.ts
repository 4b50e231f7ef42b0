// Checks a credential pair: rate limit first, then the password; every attempt is recorded.
// This is the password step only: lib/auth/authorize.ts completes a sign-in.
import "server-only";
import { z } from "zod";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { dummyHashPromise, verifyPassword } from "./password";
import { beginSignInAttempt, checkSignInGate, recordLoginAttempt } from "./rate-limit";

/** Loose on purpose: `owner@localhost` (the setup account) has no dot in its domain. */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  // No spaces or control characters: none is in an address, and PostgreSQL text cannot hold a NUL.
  .regex(/^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+$/u, "Enter a valid email.");

export const credentialsSchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(200),
});

export type SignedIn = { id: string; email: string; role: string; sessionVersion: number; twoFactorEnabled: boolean };

/** Normalises an email the same way everywhere (lookups, sign-up, claims). */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Thrown while a sign-in must wait; carries how long (lib/auth/rate-limit.ts). */
export class SignInThrottledError extends AppError {
  constructor(readonly retryAfterS: number) {
    super("rate_limited", { userMessage: `Too many failed sign-ins. Try again in ${retryAfterS} seconds.` });
  }
}

/**
 * The user for these credentials (password step), or null. Throws SignInThrottledError while
 * this email or client must wait (checked before the password, so guessing stops costing us scrypt).
 */
export async function signInWithPassword(input: {
  email: unknown;
  password: unknown;
  ip: string;
  now?: Date;
}): Promise<SignedIn | null> {
  const now = input.now ?? new Date();
  const parsed = credentialsSchema.safeParse({ email: input.email, password: input.password });
  if (!parsed.success) return null;
  const { email, password } = parsed.data;
  // One check at a time per account and client: each reads every failure recorded before it.
  const slot = await beginSignInAttempt(email, input.ip, now);
  if (!slot.ok) throw new SignInThrottledError(1);
  let user;
  let success: boolean;
  let twoFactorEnabled: boolean;
  try {
    const gate = await checkSignInGate(email, input.ip, now);
    if (!gate.ok) throw new SignInThrottledError(Math.ceil(gate.retryAfterMs / 1000));
    user = await db.user.findUnique({ where: { email } });
    const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHashPromise));
    success = Boolean(user && ok && !user.disabledAt);
    twoFactorEnabled = user?.totpEnabledAt != null;
    // With two-factor sign-in, the right password is not yet a sign-in: lib/auth/authorize.ts
    // records the success once the code passed (a known client must have shown both).
    if (!(success && twoFactorEnabled)) await recordLoginAttempt(email, input.ip, success, now);
  } finally {
    await slot.release();
  }
  if (!success || !user) return null;
  // The second factor, the session and the audit row follow in lib/auth/authorize.ts.
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    sessionVersion: user.sessionVersion,
    twoFactorEnabled,
  };
}
