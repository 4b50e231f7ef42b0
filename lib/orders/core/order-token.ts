// The shopper's order link token: the only way into an order for a guest.
import crypto from "node:crypto";

/** A ≥ 256-bit random order link token (never a guessable id). */
export function createOrderToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}
