// The pace of a sync's writes (apply-sync.ts, unlist.ts): how long to rest after a chunk.
import "server-only";
import { dbProvider } from "@/lib/db";

/**
 * After each chunk, a rest. On SQLite every query of every request waits while a chunk holds
 * the process's one connection, so the sync rests twice as long as the chunk took (at least
 * 10 ms) and lets the waiting requests run: writes take a third of the time at most. On
 * PostgreSQL readers never wait for a writer, and the next chunk follows at once.
 */
export function restAfter(tookMs: number): Promise<void> {
  if (dbProvider !== "sqlite") return new Promise((resolve) => setImmediate(resolve));
  return new Promise((resolve) => setTimeout(resolve, Math.max(10, 2 * tookMs)));
}
