// The budget shared by every process of the shop: one fixed-window counter per API key
// (stored as its SHA-256, never the key) in the UpstreamBudget table. Every change is a
// single conditional updateMany, so concurrent processes never overspend; the SQL is
// portable from SQLite to PostgreSQL.
import "server-only";
import crypto from "node:crypto";
import type { PrismaClient } from "@prisma/client";
import {
  capFor,
  reportsCurrentWindow,
  sleepFor,
  waitForToken,
  windowMs,
  windowStartOf,
  type AcquireOptions,
  type Budget,
  type BudgetClock,
  type BudgetReport,
} from "./budget";
import type { Priority } from "./types";

export type DbBudgetOptions = {
  db: Pick<PrismaClient, "upstreamBudget">;
  apiKey: string;
  limit: number;
  /** Told when a call had to wait for a token (also when its caller gave up waiting): metrics, alerts. */
  onWait?: (priority: Priority, waitedMs: number) => void;
} & BudgetClock;

/** The stored identity of a key: enough to share a row, useless to an attacker. */
export function hashApiKey(apiKey: string): string {
  return crypto.createHash("sha256").update(apiKey, "utf8").digest("hex");
}

export class DbBudget implements Budget {
  private readonly db: DbBudgetOptions["db"];
  private readonly keyHash: string;
  private readonly limit: number;
  private readonly clock: Required<BudgetClock>;
  private readonly onWait?: DbBudgetOptions["onWait"];
  private ready = false;

  constructor(opts: DbBudgetOptions) {
    this.db = opts.db;
    this.keyHash = hashApiKey(opts.apiKey);
    this.limit = opts.limit;
    this.clock = { now: opts.now ?? Date.now, sleep: opts.sleep ?? sleepFor };
    this.onWait = opts.onWait;
  }

  now(): number {
    return this.clock.now();
  }

  /** Tokens taken in the current window, as stored (for tests and the admin dashboard). */
  async snapshot(): Promise<{ used: number; limit: number; windowStart: Date; blockedUntil: Date | null }> {
    const row = await this.row();
    return { used: row.used, limit: row.limit, windowStart: row.windowStart, blockedUntil: row.blockedUntil };
  }

  async acquire(priority: Priority, signal?: AbortSignal, opts?: AcquireOptions): Promise<void> {
    const started = this.clock.now();
    let waited = false;
    try {
      await waitForToken(
        async () => {
          const retryAt = await this.tryTake(priority);
          if (retryAt !== null) waited = true;
          return retryAt;
        },
        this.clock,
        signal,
        opts,
      );
    } finally {
      if (waited) this.onWait?.(priority, this.clock.now() - started);
    }
  }

  /** Takes a token, or returns when to try again. */
  private async tryTake(priority: Priority): Promise<number | null> {
    const now = this.clock.now();
    await this.rollWindow(now);
    const row = await this.row();
    if (row.blockedUntil && row.blockedUntil.getTime() > now) return row.blockedUntil.getTime();
    const cap = capFor(priority, row.limit);
    const taken = await this.db.upstreamBudget.updateMany({
      where: {
        keyHash: this.keyHash,
        windowStart: row.windowStart,
        used: { lt: cap },
        OR: [{ blockedUntil: null }, { blockedUntil: { lte: new Date(now) } }],
      },
      data: { used: { increment: 1 } },
    });
    if (taken.count === 1) return null;
    const fresh = await this.row();
    if (fresh.windowStart.getTime() !== row.windowStart.getTime()) return now; // rolled meanwhile: retry
    if (fresh.blockedUntil && fresh.blockedUntil.getTime() > now) return fresh.blockedUntil.getTime();
    return fresh.windowStart.getTime() + windowMs;
  }

  /** Starts the clock-aligned window when an older one is stored; only one process wins the race. */
  private async rollWindow(now: number): Promise<void> {
    await this.ensureRow(now);
    const start = new Date(windowStartOf(now));
    await this.db.upstreamBudget.updateMany({
      where: { keyHash: this.keyHash, windowStart: { lt: start } },
      data: { windowStart: start, used: 0 },
    });
  }

  async report(info: BudgetReport): Promise<void> {
    const now = this.clock.now();
    await this.rollWindow(now);
    let limit = (await this.row()).limit;
    if (info.limit !== undefined && info.limit > 0 && info.limit < limit) {
      limit = info.limit;
      await this.db.upstreamBudget.updateMany({
        where: { keyHash: this.keyHash, limit: { gt: limit } },
        data: { limit },
      });
    }
    if (reportsCurrentWindow(info, now)) {
      // Upstream knows best when it has counted more than we have (other clients, restarts).
      const used = Math.max(0, limit - info.remaining!);
      await this.db.upstreamBudget.updateMany({
        where: { keyHash: this.keyHash, windowStart: new Date(windowStartOf(now)), used: { lt: used } },
        data: { used },
      });
    }
    if (info.status === 429) {
      // Block everyone until retry_after has passed.
      const until = new Date(now + (info.retryAfterSeconds ?? windowMs / 1000) * 1000);
      await this.db.upstreamBudget.updateMany({
        where: { keyHash: this.keyHash, OR: [{ blockedUntil: null }, { blockedUntil: { lt: until } }] },
        data: { blockedUntil: until },
      });
    }
  }

  private async row() {
    const row = await this.db.upstreamBudget.findUnique({ where: { keyHash: this.keyHash } });
    if (!row) throw new Error("upstream budget row missing");
    return row;
  }

  private async ensureRow(now: number): Promise<void> {
    if (this.ready) return;
    const existing = await this.db.upstreamBudget.findUnique({ where: { keyHash: this.keyHash } });
    if (existing) {
      if (existing.limit !== this.limit) {
        await this.db.upstreamBudget.update({ where: { keyHash: this.keyHash }, data: { limit: this.limit } });
      }
    } else {
      try {
        await this.db.upstreamBudget.create({
          data: { keyHash: this.keyHash, limit: this.limit, windowStart: new Date(windowStartOf(now)), used: 0 },
        });
      } catch (err) {
        // Another process created it first (unique keyHash): that row is ours too.
        if ((err as { code?: string }).code !== "P2002") throw err;
      }
    }
    this.ready = true;
  }
}
