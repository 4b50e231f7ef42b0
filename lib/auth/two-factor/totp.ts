// TOTP (RFC 6238) through otpauth: 6 digits, 30-second steps, SHA-1 — what every authenticator
// app reads from an otpauth:// URI. Pure functions; storage and replay checks live elsewhere.
import { Secret, TOTP } from "otpauth";

export const totpPeriodSeconds = 30;
const digits = 6;

/** A fresh 160-bit secret, base32 (the form authenticator apps take when typed in). */
export function generateTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpFor(secretBase32: string, label = "", issuer = ""): TOTP {
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secretBase32),
    algorithm: "SHA1",
    digits,
    period: totpPeriodSeconds,
  });
}

/** The otpauth:// URI an app scans (issuer = the shop, label = the account's email). */
export function totpUri(secretBase32: string, email: string, issuer: string): string {
  return totpFor(secretBase32, email, issuer).toString();
}

/** The time step a moment falls in. */
export function totpStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / totpPeriodSeconds);
}

/**
 * The time step `code` belongs to when it is valid at `now` (one step of clock drift either
 * way), else null. Callers refuse a step at or before the last one accepted (replay).
 */
export function matchTotpStep(secretBase32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secretBase32).validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : totpStep(now) + delta;
}

/** The code for a moment (tests and the e2e helper compute what an app would show). */
export function generateTotpCode(secretBase32: string, now: Date): string {
  return totpFor(secretBase32).generate({ timestamp: now.getTime() });
}
