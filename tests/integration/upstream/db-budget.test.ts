// DbBudget shared by several processes: two Prisma clients on one database, and two real OS
// processes racing for the same window.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createPrismaClient } from "@/lib/db-client";
import { DbBudget, hashApiKey } from "@/lib/upstream/db-budget";

const apiKey = "budget_test_key_abcdef";
const other = createPrismaClient(process.env.DATABASE_URL!);

afterAll(async () => {
  await other.$disconnect();
});

function sharedClock(start = Date.parse("2026-11-25T12:00:00Z")) {
  const clock = { t: start, waits: [] as number[] };
  return {
    clock,
    now: () => clock.t,
    sleep: async (ms: number) => {
      clock.waits.push(ms);
      clock.t += ms;
    },
  };
}

/** A sleep that refuses to wait: an acquire that would wait rejects instead, so we can count. */
const noWait = { sleep: async () => Promise.reject(new Error("would wait")) };

beforeEach(async () => {
  await db.upstreamBudget.deleteMany();
});

describe("DbBudget across processes", () => {
  it("stores only the SHA-256 of the key", async () => {
    const b = new DbBudget({ db, apiKey, limit: 10 });
    await b.acquire("purchase");
    const rows = await db.upstreamBudget.findMany();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.keyHash).toBe(hashApiKey(apiKey));
    expect(JSON.stringify(rows)).not.toContain(apiKey);
  });

  it("shares one window between two processes: the catalog share is spent once, not twice", async () => {
    const c = sharedClock();
    const a = new DbBudget({ db, apiKey, limit: 100, ...c });
    const b = new DbBudget({ db: other, apiKey, limit: 100, ...c });
    for (let i = 0; i < 30; i++) await a.acquire("catalog");
    for (let i = 0; i < 30; i++) await b.acquire("catalog");
    expect(c.clock.waits).toEqual([]);
    await b.acquire("catalog");
    expect(c.clock.waits).toEqual([60_000]);
    expect((await a.snapshot()).used).toBe(1);
  });

  it("never grants more than the limit to interleaved concurrent acquires", async () => {
    const now = () => Date.parse("2026-11-25T12:00:00Z");
    const a = new DbBudget({ db, apiKey, limit: 40, now, ...noWait });
    const b = new DbBudget({ db, apiKey, limit: 40, now, ...noWait });
    const results = await Promise.allSettled(Array.from({ length: 60 }, (_, i) => (i % 2 ? a : b).acquire("purchase")));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(40);
    expect((await a.snapshot()).used).toBe(40);
  });

  it("never grants more than the limit to two OS processes racing for one window", async () => {
    const worker = path.resolve(__dirname, "budget-worker.ts");
    const run = () =>
      promisify(execFile)(
        process.execPath,
        [
          "--conditions=react-server",
          "--import",
          "tsx",
          worker,
          process.env.DATABASE_URL!,
          apiKey,
          "30",
          "25",
          String(Date.parse("2026-11-25T12:00:00Z")),
        ],
        {
          cwd: path.resolve(__dirname, "../../.."),
        },
      );
    const outputs = await Promise.all([run(), run()]);
    const granted = outputs.map((o) => (JSON.parse(o.stdout.trim().split("\n").pop()!) as { granted: number }).granted);
    expect(granted[0]! + granted[1]!).toBe(30);
    expect((await db.upstreamBudget.findUniqueOrThrow({ where: { keyHash: hashApiKey(apiKey) } })).used).toBe(30);
  });

  it("keeps purchase headroom while another process runs a catalog sync", async () => {
    const c = sharedClock();
    const sync = new DbBudget({ db, apiKey, limit: 10, ...c });
    const shop = new DbBudget({ db: other, apiKey, limit: 10, ...c });
    for (let i = 0; i < 6; i++) await sync.acquire("catalog");
    for (let i = 0; i < 4; i++) await shop.acquire("purchase");
    expect(c.clock.waits).toEqual([]);
  });

  it("blocks the other process after one of them got a 429", async () => {
    const c = sharedClock();
    const a = new DbBudget({ db, apiKey, limit: 100, ...c });
    const b = new DbBudget({ db: other, apiKey, limit: 100, ...c });
    await a.acquire("purchase");
    await a.report({ status: 429, retryAfterSeconds: 12, remaining: 50 });
    await b.acquire("purchase");
    expect(c.clock.waits).toEqual([12_000]);
    expect((await b.snapshot()).used).toBe(51);
  });

  it("trusts a lower X-RateLimit-Remaining reported by another process", async () => {
    const c = sharedClock();
    const a = new DbBudget({ db, apiKey, limit: 10, ...c });
    const b = new DbBudget({ db: other, apiKey, limit: 10, ...c });
    await a.acquire("purchase");
    await a.report({ status: 200, limit: 10, remaining: 5 });
    expect((await b.snapshot()).used).toBe(5);
    await a.report({ status: 200, limit: 10, remaining: 8 });
    expect((await b.snapshot()).used).toBe(5);
    for (let i = 0; i < 5; i++) await b.acquire("purchase");
    expect(c.clock.waits).toEqual([]);
    await b.acquire("purchase");
    expect(c.clock.waits).toEqual([60_000]);
  });

  it("rejects a waiting acquire when the caller aborts", async () => {
    const a = new DbBudget({ db, apiKey, limit: 1 });
    await a.acquire("purchase");
    const ctl = new AbortController();
    const waiting = a.acquire("purchase", ctl.signal);
    setImmediate(() => ctl.abort(new Error("gave up")));
    await expect(waiting).rejects.toThrow("gave up");
  });
});
