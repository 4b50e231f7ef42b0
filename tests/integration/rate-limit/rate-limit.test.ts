// The shared limiter (GCRA in the database): the limit at once, then one hit back every
// window ÷ limit, with no window edge to double at; concurrent hits are each counted once.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import {
  consumeRateLimit,
  consumeRateLimits,
  peekRateLimit,
  pruneRateLimitCounters,
  refundRateLimit,
} from "@/lib/rate-limit";

const rule = { limit: 3, windowMs: 60_000 };
const t0 = new Date("2026-11-25T12:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);

describe("per-client rate limits", () => {
  it("allows the limit at once, refuses the next hit and says when one hit is back", async () => {
    for (let i = 0; i < 3; i++) expect((await consumeRateLimit("t:a", rule, at(i * 1000))).ok).toBe(true);
    const refused = await consumeRateLimit("t:a", rule, at(10_000));
    expect(refused).toEqual({ ok: false, retryAfterMs: 10_000 });
    expect(await consumeRateLimit("t:a", rule, at(20_000))).toEqual({ ok: true, remaining: 0 });
  });

  it("counts keys apart, and a refused hit counts nothing", async () => {
    for (let i = 0; i < 4; i++) await consumeRateLimit("t:b", rule, at(0));
    expect((await consumeRateLimit("t:c", rule, at(0))).ok).toBe(true);
    expect(await peekRateLimit("t:b", rule, at(20_000))).toEqual({ ok: true, remaining: 1 });
    expect(await consumeRateLimit("t:b", rule, at(60_000))).toEqual({ ok: true, remaining: 2 });
  });

  it("holds under concurrent hits: never more than the limit pass at once", async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => consumeRateLimit("t:d", rule, at(0))));
    expect(results.filter((r) => r.ok).length).toBe(3);
  });

  it("counts each of many concurrent hits exactly once, whichever connection carries it", async () => {
    const ten = { limit: 10, windowMs: 60_000 };
    const results = await Promise.all(Array.from({ length: 10 }, () => consumeRateLimit("t:i", ten, at(0))));
    expect(results.every((r) => r.ok)).toBe(true);
    // Ten hits of 6 s each: exactly a minute held, no more (a lost update) and no less (a double count).
    expect((await db.rateLimitBucket.findUniqueOrThrow({ where: { key: "t:i" } })).tat).toEqual(at(60_000));
  });

  it("counts concurrent hits from two OS processes once each", async () => {
    const worker = path.resolve(__dirname, "limit-worker.ts");
    const args = ["t:procs", "30", "60000", "20", String(t0.getTime())];
    const run = () =>
      promisify(execFile)(process.execPath, ["--conditions=react-server", "--import", "tsx", worker, ...args], {
        cwd: path.resolve(__dirname, "../../.."),
      });
    const outputs = await Promise.all([run(), run()]);
    const passed = outputs.map((o) => (JSON.parse(o.stdout.trim().split("\n").pop()!) as { passed: number }).passed);
    expect(passed[0]! + passed[1]!).toBe(30);
    expect((await db.rateLimitBucket.findUniqueOrThrow({ where: { key: "t:procs" } })).tat).toEqual(at(60_000));
  });

  it("gives a refunded hit back, never more than was counted", async () => {
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

  it("counts a request against several limits only when all of them have room", async () => {
    const one = { limit: 1, windowMs: 60_000 };
    await consumeRateLimit("t:full", one, at(0));
    expect(
      (
        await consumeRateLimits(
          [
            { key: "t:room", rule },
            { key: "t:full", rule: one },
          ],
          at(0),
        )
      ).ok,
    ).toBe(false);
    expect(await peekRateLimit("t:room", rule, at(0))).toEqual({ ok: true, remaining: 3 });
  });

  it("counts keys longer than 200 characters apart (two long emails share no count)", async () => {
    // An email may have 254 characters: keyed by it, two addresses that differ only at the end.
    const local = "l".repeat(200);
    const [first, second] = [`t:mail:${local}1@example.test`, `t:mail:${local}2@example.test`];
    for (let i = 0; i < 3; i++) expect((await consumeRateLimit(first, rule, at(0))).ok).toBe(true);
    expect((await consumeRateLimit(first, rule, at(0))).ok).toBe(false);
    expect(await consumeRateLimit(second, rule, at(0))).toEqual({ ok: true, remaining: 2 });
  });

  it("prunes states whose time has passed", async () => {
    await consumeRateLimit("t:e", rule, at(0));
    expect(await pruneRateLimitCounters(at(2 * 86_400_000))).toBeGreaterThan(0);
    expect(await db.rateLimitBucket.findUnique({ where: { key: "t:e" } })).toBeNull();
  });
});
