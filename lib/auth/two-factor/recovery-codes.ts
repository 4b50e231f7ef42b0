// Recovery codes: ten single-use codes shown once at enrolment; only their SHA-256 is stored.
// 60 random bits each, written as three groups of four base32 letters/digits.
import crypto from "node:crypto";

export const recoveryCodeCount = 10;
const alphabet = "abcdefghijkmnpqrstuvwxyz23456789"; // 32 symbols, no 0/o/1/l

/** Fresh codes to show the user once. */
export function generateRecoveryCodes(count = recoveryCodeCount): string[] {
  return Array.from({ length: count }, () => {
    const bytes = crypto.randomBytes(12);
    const chars = Array.from(bytes, (b) => alphabet[b % 32]).join("");
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
  });
}

/** Case, spaces and dashes do not matter when a code is typed back. */
export function normaliseRecoveryCode(input: string): string {
  return input.toLowerCase().replace(/[\s-]/g, "");
}

/** True when the input has the shape of a recovery code (12 symbols of the alphabet). */
export function looksLikeRecoveryCode(input: string): boolean {
  return /^[a-km-np-z2-9]{12}$/.test(normaliseRecoveryCode(input));
}

/** What is stored for a code. */
export function hashRecoveryCode(code: string): string {
  return crypto.createHash("sha256").update(normaliseRecoveryCode(code)).digest("hex");
}
