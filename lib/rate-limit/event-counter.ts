// Events counted for the whole shop in clock-aligned windows (the alerts' "recent upstream
// errors"): one counter row per key and window in the database, so every instance adds to the
// same number. A metric, not a limit: per-client limits use the GCRA limiter (./index.ts).
import "server-only";
import { db } from "@/lib/db";

function windowStartOf(at: Date, windowMs: number): Date {
  return new Date(Math.floor(at.getTime() / windowMs) * windowMs);
}

function counterId(key: string, windowStart: Date): string {
  return `${key.slice(0, 200)}@${windowStart.getTime()}`;
}

/** Counts one event of `key` in the window that holds `now` (one native upsert: atomic across processes). */
export async function recordEvent(key: string, windowMs: number, now: Date = new Date()): Promise<void> {
  const windowStart = windowStartOf(now, windowMs);
  const id = counterId(key, windowStart);
  await db.rateLimitCounter.upsert({
    where: { key: id },
    create: { key: id, windowStart, count: 1 },
    update: { count: { increment: 1 } },
    select: { count: true },
  });
}

/** Events of `key` in the window that holds `at` (0 when none). */
export async function countEvents(key: string, windowMs: number, at: Date = new Date()): Promise<number> {
  const row = await db.rateLimitCounter.findUnique({
    where: { key: counterId(key, windowStartOf(at, windowMs)) },
    select: { count: true },
  });
  return row?.count ?? 0;
}

/** Deletes counters whose window started more than `olderThanMs` before `now`. */
export async function pruneEventCounters(now: Date, olderThanMs: number): Promise<number> {
  const { count } = await db.rateLimitCounter.deleteMany({
    where: { windowStart: { lt: new Date(now.getTime() - olderThanMs) } },
  });
  return count;
}
