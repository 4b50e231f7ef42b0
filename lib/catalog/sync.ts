// Catalog sync, full or delta (docs/upstream-contract.md#44-catalog-and-delta-sync): one holder
// at a time through a DB lease, every run recorded in SyncRun, pages staged first, then applied in bounded chunks and switched to
// in one short transaction at the end (apply-sync.ts). A run that fails while fetching leaves
// the catalog untouched; the next run restarts cleanly from page 1.
import "server-only";
import { db } from "@/lib/db";
import { observeSyncRun } from "@/lib/metrics/observe";
import { getUpstream, type UpstreamClient } from "@/lib/upstream";
import type { SyncRun } from "@prisma/client";
import { applyStagedRun } from "./apply-sync";
import { nextCatalogCursor, readCatalogCursor } from "./cursor";
import { emptyProgress, stageCatalogPages } from "./fetch-pages";
import { acquireLease, releaseLease, renewLease } from "./lease";

export type SyncKind = "full" | "delta";
export type SyncTrigger = "schedule" | "manual" | "startup";
export type SyncDeps = {
  client?: UpstreamClient;
  sleep?: (ms: number) => Promise<void>;
  perPage?: number;
  maxRetries?: number;
  backoffMs?: number;
  now?: () => Date;
};

export const SYNC_LEASE = "catalog.sync";
const LEASE_TTL_MS = 60_000;
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs one sync now. A delta without a cursor becomes a full sync. When another process holds
 * the lease, the attempt is recorded as "skipped" instead of waiting.
 */
export async function runCatalogSync(
  opts: { kind: SyncKind; trigger: SyncTrigger },
  deps: SyncDeps = {},
): Promise<SyncRun> {
  const run = await syncOnce(opts, deps);
  observeSyncRun(run);
  return run;
}

async function syncOnce(opts: { kind: SyncKind; trigger: SyncTrigger }, deps: SyncDeps): Promise<SyncRun> {
  const now = deps.now ?? (() => new Date());
  const startedAt = now();
  const cursorFrom = await readCatalogCursor();
  const kind: SyncKind = opts.kind === "delta" && !cursorFrom ? "full" : opts.kind;
  const lease = await acquireLease(SYNC_LEASE, LEASE_TTL_MS, now());
  if (!lease) {
    return db.syncRun.create({
      data: {
        kind,
        trigger: opts.trigger,
        status: "skipped",
        cursorFrom,
        error: "another catalog sync is running",
        startedAt,
        finishedAt: now(),
      },
    });
  }
  const renewer = setInterval(() => void renewLease(lease, LEASE_TTL_MS).catch(() => {}), LEASE_TTL_MS / 3);
  renewer.unref?.();
  // Holding the lease proves no other run is alive: close runs left by a crashed holder.
  await db.syncRun.updateMany({
    where: { status: "running" },
    data: { status: "failed", error: "abandoned (holder stopped)", finishedAt: now() },
  });
  const run = await db.syncRun.create({
    data: { kind, trigger: opts.trigger, status: "running", cursorFrom, startedAt },
  });
  const progress = emptyProgress();
  try {
    // Rows staged by crashed or failed runs are never resumed: drop them.
    await db.syncStagedItem.deleteMany({ where: { syncRunId: { not: run.id } } });
    await stageCatalogPages(
      run.id,
      kind === "delta" ? (cursorFrom ?? undefined) : undefined,
      {
        client: deps.client ?? getUpstream(),
        perPage: deps.perPage ?? 100,
        sleep: deps.sleep ?? defaultSleep,
        maxRetries: deps.maxRetries ?? 3,
        backoffMs: deps.backoffMs ?? 1000,
        onPage: async (p) => {
          if (!(await renewLease(lease, LEASE_TTL_MS, now()))) throw new Error("catalog sync lease lost");
          await db.syncRun.update({
            where: { id: run.id },
            data: { pages: p.pages, upstreamCalls: p.upstreamCalls, lastPage: p.lastPage },
          });
        },
      },
      progress,
    );
    const cursorTo = nextCatalogCursor(kind === "delta" ? cursorFrom : null, progress.latestSeenMs, startedAt);
    const counts = await applyStagedRun(run.id, kind, cursorTo, now());
    return await db.syncRun.update({
      where: { id: run.id },
      data: {
        status: "succeeded",
        pages: progress.pages,
        upstreamCalls: progress.upstreamCalls,
        lastPage: progress.lastPage,
        cursorTo: cursorTo ?? cursorFrom,
        ...counts,
        finishedAt: now(),
      },
    });
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : "unknown error";
    return await db.syncRun.update({
      where: { id: run.id },
      data: {
        status: "failed",
        error: message.slice(0, 1000),
        pages: progress.pages,
        upstreamCalls: progress.upstreamCalls,
        lastPage: progress.lastPage,
        finishedAt: now(),
      },
    });
  } finally {
    clearInterval(renewer);
    await db.syncStagedItem.deleteMany({ where: { syncRunId: run.id } }).catch(() => {});
    await releaseLease(lease).catch(() => {});
  }
}

/** What the admin's sync page shows: the cursor, a running run, the last runs of each kind. */
export async function getSyncStatus() {
  const [cursor, running, lastFull, lastDelta, recent] = await Promise.all([
    readCatalogCursor(),
    db.syncRun.findFirst({ where: { status: "running" }, orderBy: { startedAt: "desc" } }),
    db.syncRun.findFirst({ where: { kind: "full", status: "succeeded" }, orderBy: { startedAt: "desc" } }),
    db.syncRun.findFirst({ where: { kind: "delta", status: "succeeded" }, orderBy: { startedAt: "desc" } }),
    db.syncRun.findMany({ orderBy: { startedAt: "desc" }, take: 20 }),
  ]);
  return { cursor, running, lastFull, lastDelta, recent };
}
