// Signed proofs the shop hands to a browser and takes back moments later, so checkout need not
// ask the upstream a question the quote or the "verify account" step has just asked. The payload
// is sealed (AES-256-GCM: a shopper cannot read the shop's cost in it), then signed with
// HMAC-SHA256 and checked in constant time; both keys are derived (HKDF) from NEXTAUTH_SECRET,
// per kind of proof, so one kind can never pass for another. A proof only ever saves a call: a
// missing, forged, expired or mismatched one is ignored and the upstream is asked as before.
// Without NEXTAUTH_SECRET no proof is issued (docs/upstream-contract.md#where-the-contract-is-silent).
import "server-only";
import crypto from "node:crypto";
import { env } from "@/lib/env";

/**
 * How long a proof is read at all: time to type an email and a card. A quote's prices are
 * trusted only within the owner's shorter quote window (quote-window.ts); an account's
 * validation for all of it.
 */
export const proofFreshMs = 2 * 60_000;
/** A proof dated this far ahead of the reader's clock is still read (instances' clocks differ). */
const clockSkewMs = 5_000;
const version = "p1";

export type ProofKind = "quote" | "account";

const keys = new Map<string, Buffer>();
const ivBytes = 12;
const tagBytes = 16;

function keyFor(kind: ProofKind | "account-fields", use: "mac" | "seal"): Buffer | null {
  const secret = env.NEXTAUTH_SECRET;
  if (!secret) return null;
  const info = `${kind} proof ${use} ${version}`;
  let key = keys.get(`${info}\u0000${secret}`);
  if (!key) {
    key = Buffer.from(crypto.hkdfSync("sha256", secret, "giftly checkout proofs", info, 32));
    keys.set(`${info}\u0000${secret}`, key);
  }
  return key;
}

const mac = (key: Buffer, data: string) => crypto.createHmac("sha256", key).update(data).digest();

/** `p1.<sealed payload>.<mac>` (base64url), or null when the shop has no secret to sign with. */
export function signProof(kind: ProofKind, payload: { at: number } & Record<string, unknown>): string | null {
  const macKey = keyFor(kind, "mac");
  const sealKey = keyFor(kind, "seal");
  if (!macKey || !sealKey) return null;
  const iv = crypto.randomBytes(ivBytes);
  const cipher = crypto.createCipheriv("aes-256-gcm", sealKey, iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(payload), "utf8"), cipher.final()]);
  const body = `${version}.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url")}`;
  return `${body}.${mac(macKey, body).toString("base64url")}`;
}

function unseal(key: Buffer, data: Buffer): unknown {
  if (data.length <= ivBytes + tagBytes) return null;
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", key, data.subarray(0, ivBytes));
    decipher.setAuthTag(data.subarray(ivBytes, ivBytes + tagBytes));
    const plain = Buffer.concat([decipher.update(data.subarray(ivBytes + tagBytes)), decipher.final()]);
    return JSON.parse(plain.toString("utf8"));
  } catch {
    return null;
  }
}

/**
 * The payload of a proof of `kind` whose signature holds (constant-time) and whose time `at` is
 * at most proofFreshMs before `now`; null for anything else.
 */
export function openProof(
  kind: ProofKind,
  token: string | null | undefined,
  now: Date,
): Record<string, unknown> | null {
  const macKey = keyFor(kind, "mac");
  const sealKey = keyFor(kind, "seal");
  if (!macKey || !sealKey || !token) return null;
  const parts = token.split(".");
  if (parts.length !== 3 || parts[0] !== version) return null;
  const given = Buffer.from(parts[2]!, "base64url");
  const expected = mac(macKey, `${parts[0]}.${parts[1]}`);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  const payload = unseal(sealKey, Buffer.from(parts[1]!, "base64url"));
  if (!payload || typeof payload !== "object") return null;
  const at = (payload as { at?: unknown }).at;
  if (typeof at !== "number") return null;
  const age = now.getTime() - at;
  return age <= proofFreshMs && age >= -clockSkewMs ? (payload as Record<string, unknown>) : null;
}

/** A keyed digest of a top-up account's fields: binds them without putting them in the proof. */
export function digestFields(fields: Record<string, string>): string | null {
  const key = keyFor("account-fields", "mac");
  if (!key) return null;
  const canonical = JSON.stringify(
    Object.keys(fields)
      .sort()
      .map((k) => [k, fields[k]!.trim()]),
  );
  return mac(key, canonical).toString("base64url");
}
