import { describe, expect, it } from "vitest";
import { consumeRateLimit, pruneRateLimitCounters, refundRateLimit } from "@/lib/rate-limit";

const rule = { limit: 3, windowMs: 60_000 };
const t0 = new Date("2026-11-25T12:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);

describe("per-client rate limits", () => {
  it("allows the limit within a window, refuses the next hit and says when to come back", async () => {
    for (let i = 0; i < 3; i++) expect((await consumeRateLimit("t:a", rule, at(i * 1000))).ok).toBe(true);
    const refused = await consumeRateLimit("t:a", rule, at(10_000));
    expect(refused).toEqual({ ok: false, retryAfterMs: 50_000 });
  });

  it("counts keys apart and starts again in the next window", async () => {
    for (let i = 0; i < 4; i++) await consumeRateLimit("t:b", rule, at(0));
    expect((await consumeRateLimit("t:c", rule, at(0))).ok).toBe(true);
    expect(await consumeRateLimit("t:b", rule, at(60_000))).toEqual({ ok: true, remaining: 2 });
  });

  it("holds under concurrent hits: never more than the limit pass in one window", async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => consumeRateLimit("t:d", rule, at(0))));
    expect(results.filter((r) => r.ok).length).toBe(3);
  });

  it("gives a refunded hit back within its window only", async () => {
    for (let i = 0; i < 3; i++) await consumeRateLimit("t:f", rule, at(0));
    await refundRateLimit("t:f", rule, at(1000));
    expect(await consumeRateLimit("t:f", rule, at(2000))).toEqual({ ok: true, remaining: 0 });
    await refundRateLimit("t:g", rule, at(0)); // nothing counted: stays absent, never negative
    expect(await consumeRateLimit("t:g", rule, at(0))).toEqual({ ok: true, remaining: 2 });
  });

  it("gives no more than the limit across a window boundary", async () => {
    // t0 + 60 s is where a clock-aligned window of a minute ends.
    let passed = 0;
    for (let i = 0; i < 6; i++) if ((await consumeRateLimit("t:h", rule, at(59_000))).ok) passed++;
    for (let i = 0; i < 6; i++) if ((await consumeRateLimit("t:h", rule, at(61_000))).ok) passed++;
    expect(passed).toBe(3);
  });

  it("prunes counters of long-gone windows", async () => {
    await consumeRateLimit("t:e", rule, at(0));
    expect(await pruneRateLimitCounters(at(2 * 86_400_000))).toBeGreaterThan(0);
  });
});
