import "server-only";
// Optional request signing (spec 5.4): single-use challenges valid 300 s on the virtual clock.
import crypto from "node:crypto";
import { challengeField, errorState } from "@/lib/upstream/contract";
import { verifyChallengeSignature } from "@/lib/upstream/wire-crypto";
import type { Ctx } from "./context";
import { fail, ok, SandboxReply } from "./http";

const validityMs = 300_000;

/** True when signing is on and a key is stored: then GET /challenge works and other calls need signatures. */
export function signingActive(ctx: Ctx): boolean {
  const s = ctx.settings();
  return s.requestSigning && Boolean(s.publicKeyPem);
}

/** GET /challenge. */
export function issueChallenge(ctx: Ctx): SandboxReply {
  if (!signingActive(ctx)) throw fail(404, "Request signing is not enabled for this key.", errorState.notFound);
  const challenge = crypto.randomBytes(24).toString("base64url");
  const now = ctx.now();
  ctx.db.prepare("DELETE FROM challenges WHERE expires_at_ms < ?").run(now - validityMs);
  ctx.db
    .prepare("INSERT INTO challenges (challenge, expires_at_ms, used) VALUES (?, ?, 0)")
    .run(challenge, now + validityMs);
  return ok("Challenge issued.", { [challengeField]: challenge, expires_in: validityMs / 1000 });
}

/** Verifies X-API-Challenge + X-API-Signature and burns the challenge; 401 otherwise (no budget used). */
export function verifySignedRequest(ctx: Ctx, req: Request): void {
  const challenge = req.headers.get("x-api-challenge");
  const signature = req.headers.get("x-api-signature");
  const unauthorized = () => new SandboxReply(401, "Unauthorized", {});
  if (!challenge || !signature || challenge.length > 200 || signature.length > 2000) throw unauthorized();
  const row = ctx.db.prepare("SELECT expires_at_ms, used FROM challenges WHERE challenge = ?").get(challenge) as
    { expires_at_ms: number; used: number } | undefined;
  if (!row || row.used || row.expires_at_ms < ctx.now()) throw unauthorized();
  if (!verifyChallengeSignature(challenge, signature, ctx.settings().publicKeyPem!)) throw unauthorized();
  const burned = ctx.db.prepare("UPDATE challenges SET used = 1 WHERE challenge = ? AND used = 0").run(challenge);
  if (burned.changes !== 1) throw unauthorized();
}
