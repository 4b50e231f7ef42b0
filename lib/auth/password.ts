// Password hashing with node:crypto scrypt: a random salt per password, parameters stored
// with the hash (so they can be raised later), constant-time comparison on verify.
import crypto from "node:crypto";
import { promisify } from "node:util";

const scrypt = promisify(crypto.scrypt) as (
  pw: string,
  salt: Buffer,
  len: number,
  opts: crypto.ScryptOptions,
) => Promise<Buffer>;
const params = { N: 16384, r: 8, p: 1 } as const;
const keyLength = 32;

/** Hashes a password as `scrypt$N$r$p$salt$hash` (base64url parts). */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password, salt, keyLength, { ...params, maxmem: 64 * 1024 * 1024 });
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64url"), hash.toString("base64url")].join("$");
}

/** True when `password` matches `stored`; malformed hashes are simply false. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return false;
  const salt = Buffer.from(parts[4], "base64url");
  const expected = Buffer.from(parts[5], "base64url");
  if (expected.length === 0) return false;
  const actual = await scrypt(password, salt, expected.length, { N, r, p, maxmem: 64 * 1024 * 1024 });
  return crypto.timingSafeEqual(actual, expected);
}

/** A hash of a random password: compared against when the email is unknown, so timing does not tell. */
export const dummyHashPromise: Promise<string> = hashPassword(crypto.randomBytes(16).toString("hex"));

/** A readable random password for generated accounts (about 120 bits). */
export function generatePassword(): string {
  return crypto.randomBytes(15).toString("base64url");
}
