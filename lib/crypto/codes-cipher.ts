// AES-256-GCM for secrets at rest (redeemable codes, top-up fields): M6.
// Format: "v1:" + base64(iv ‖ tag ‖ ciphertext); a fresh 96-bit IV per value.
import "server-only";
import crypto from "node:crypto";
import { env } from "@/lib/env";

const version = "v1:";
const ivBytes = 12;
const tagBytes = 16;

function loadKey(): Buffer {
  const raw = env.CODES_ENCRYPTION_KEY;
  return /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, "hex") : Buffer.from(raw, "base64");
}

/** Encrypts a secret so a database dump alone never reveals it. */
export function encryptSecret(plaintext: string): string {
  const iv = crypto.randomBytes(ivBytes);
  const cipher = crypto.createCipheriv("aes-256-gcm", loadKey(), iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return version + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64");
}

/** Decrypts a value from encryptSecret; throws if it was tampered with or the key is wrong. */
export function decryptSecret(stored: string): string {
  if (!stored.startsWith(version)) throw new Error("unknown secret format");
  const buf = Buffer.from(stored.slice(version.length), "base64");
  // The full 128-bit tag, always: GCM would otherwise accept a value cut down to a 4-byte tag.
  if (buf.length < ivBytes + tagBytes) throw new Error("truncated secret");
  const decipher = crypto.createDecipheriv("aes-256-gcm", loadKey(), buf.subarray(0, ivBytes), {
    authTagLength: tagBytes,
  });
  decipher.setAuthTag(buf.subarray(ivBytes, ivBytes + tagBytes));
  return Buffer.concat([decipher.update(buf.subarray(ivBytes + tagBytes)), decipher.final()]).toString("utf8");
}

/** JSON convenience over encryptSecret. */
export function encryptJson(value: unknown): string {
  return encryptSecret(JSON.stringify(value));
}

/** JSON convenience over decryptSecret. */
export function decryptJson<T>(stored: string): T {
  return JSON.parse(decryptSecret(stored)) as T;
}
