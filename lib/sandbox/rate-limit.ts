import "server-only";
// Per-key fixed 60 s window on the virtual clock (spec part 8), stored so processes share it.
import crypto from "node:crypto";
import { errorState } from "@/lib/upstream/contract";
import type { Ctx } from "./context";
import { SandboxReply } from "./http";

const windowMs = 60_000;

/** Counts one request and returns the success headers; throws the 429 reply when the window is full or `forced`. */
export function consumeBudget(ctx: Ctx, apiKey: string, forced: boolean): Record<string, string> {
  const limit = ctx.settings().rateLimit;
  const now = ctx.now();
  const start = Math.floor(now / windowMs) * windowMs;
  const keyHash = crypto.createHash("sha256").update(apiKey).digest("hex");
  const result = ctx.db
    .transaction(() => {
      const row = ctx.db.prepare("SELECT window_start_ms, count FROM rate_windows WHERE key_hash = ?").get(keyHash) as
        { window_start_ms: number; count: number } | undefined;
      const used = row && row.window_start_ms === start ? row.count : 0;
      if (forced || used >= limit) return { allowed: false, used };
      ctx.db
        .prepare(
          "INSERT INTO rate_windows (key_hash, window_start_ms, count) VALUES (?, ?, ?) ON CONFLICT(key_hash) DO UPDATE SET window_start_ms = excluded.window_start_ms, count = excluded.count",
        )
        .run(keyHash, start, used + 1);
      return { allowed: true, used: used + 1 };
    })
    .immediate();
  if (!result.allowed) {
    // Reset unit per contract.rateLimitResetUnit: seconds until the window resets.
    const retryAfter = Math.max(1, Math.ceil((start + windowMs - now) / 1000));
    throw new SandboxReply(
      429,
      "Too many requests. Please slow down.",
      { state: errorState.rateLimited, retry_after: retryAfter },
      {
        "Retry-After": String(retryAfter),
        "X-RateLimit-Limit": String(limit),
        "X-RateLimit-Remaining": String(Math.max(0, limit - result.used)),
        "X-RateLimit-Reset": String(retryAfter),
      },
    );
  }
  return { "X-RateLimit-Limit": String(limit), "X-RateLimit-Remaining": String(Math.max(0, limit - result.used)) };
}
