// Wire format of the optional encryption options (docs/upstream-contract.md#55-response-encryption,
// docs/upstream-contract.md#56-code-encryption), whose shape the upstream's documentation leaves
// open. Chosen format: hybrid RSA-OAEP(SHA-256) + AES-256-GCM, because RSA alone cannot wrap a data
// object of any size.
//
//   encrypted `data`  → { "encrypted": "rsa-oaep-256+a256gcm", "key", "iv", "tag", "ciphertext" }
//   encrypted `code`  → "enc:v1:" + base64url(JSON of the same object, over the code's UTF-8)
//
// All binary fields are base64. The sandbox encrypts with the registered public key; the
// client decrypts with UPSTREAM_DECRYPTION_PRIVATE_KEY. Replace this module to match a real
// provider's format.
import crypto from "node:crypto";

export const wrapAlgorithm = "rsa-oaep-256+a256gcm";
const codePrefix = "enc:v1:";

export type WrappedPayload = {
  encrypted: typeof wrapAlgorithm;
  key: string;
  iv: string;
  tag: string;
  ciphertext: string;
};

export function wrap(plaintext: Buffer, publicKeyPem: string): WrappedPayload {
  const aesKey = crypto.randomBytes(32);
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", aesKey, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  const key = crypto.publicEncrypt(
    { key: publicKeyPem, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
    aesKey,
  );
  return {
    encrypted: wrapAlgorithm,
    key: key.toString("base64"),
    iv: iv.toString("base64"),
    tag: cipher.getAuthTag().toString("base64"),
    ciphertext: ciphertext.toString("base64"),
  };
}

export function unwrap(payload: WrappedPayload, privateKeyPem: string): Buffer {
  const aesKey = crypto.privateDecrypt(
    { key: privateKeyPem, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
    Buffer.from(payload.key, "base64"),
  );
  const decipher = crypto.createDecipheriv("aes-256-gcm", aesKey, Buffer.from(payload.iv, "base64"));
  decipher.setAuthTag(Buffer.from(payload.tag, "base64"));
  return Buffer.concat([decipher.update(Buffer.from(payload.ciphertext, "base64")), decipher.final()]);
}

export function isWrapped(value: unknown): value is WrappedPayload {
  return typeof value === "object" && value !== null && (value as WrappedPayload).encrypted === wrapAlgorithm;
}

export function encryptData(data: unknown, publicKeyPem: string): WrappedPayload {
  return wrap(Buffer.from(JSON.stringify(data), "utf8"), publicKeyPem);
}

export function decryptData(payload: WrappedPayload, privateKeyPem: string): unknown {
  return JSON.parse(unwrap(payload, privateKeyPem).toString("utf8"));
}

export function encryptCode(code: string, publicKeyPem: string): string {
  const json = JSON.stringify(wrap(Buffer.from(code, "utf8"), publicKeyPem));
  return codePrefix + Buffer.from(json, "utf8").toString("base64url");
}

export function isEncryptedCode(code: string): boolean {
  return code.startsWith(codePrefix);
}

export function decryptCode(code: string, privateKeyPem: string): string {
  const json = Buffer.from(code.slice(codePrefix.length), "base64url").toString("utf8");
  return unwrap(JSON.parse(json) as WrappedPayload, privateKeyPem).toString("utf8");
}

/** Request signing (docs/upstream-contract.md#54-request-signing): base64 of RSA-SHA256 over the challenge string. */
export function signChallenge(challenge: string, privateKeyPem: string): string {
  return crypto.sign("sha256", Buffer.from(challenge, "utf8"), privateKeyPem).toString("base64");
}

export function verifyChallengeSignature(challenge: string, signatureB64: string, publicKeyPem: string): boolean {
  try {
    return crypto.verify("sha256", Buffer.from(challenge, "utf8"), publicKeyPem, Buffer.from(signatureB64, "base64"));
  } catch {
    return false;
  }
}
