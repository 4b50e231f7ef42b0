// Background catalog sync: a full sync at start-up when the shop never synced, then delta
// and full syncs on their intervals. Ticks in several processes are harmless: the lease
// lets one run and records the others as skipped.
import "server-only";
import { env } from "@/lib/env";
import { readCatalogCursor } from "./cursor";
import { afterCatalogSync } from "./offers/sync-offers";
import { runCatalogSync, type SyncDeps, type SyncKind, type SyncTrigger } from "./sync";
import { log } from "@/lib/log";

const globalForScheduler = globalThis as unknown as { catalogScheduler?: { stop: () => void } };

function runQuietly(kind: SyncKind, trigger: SyncTrigger, deps: SyncDeps): Promise<void> {
  return runCatalogSync({ kind, trigger }, deps).then(
    async (run) => {
      if (run.status === "failed") log.error({ syncRunId: run.id, kind, reason: run.error }, "catalog sync failed");
      // Each supplier's offers follow a full sync (docs/suppliers.md#offers).
      await afterCatalogSync(run);
    },
    (error: unknown) => log.error({ err: error, kind }, "catalog sync crashed"),
  );
}

/**
 * Starts the timers once per process (a second call returns the same handle); does nothing
 * when BACKGROUND_JOBS is off. An interval of 0 switches that kind of sync off.
 */
export function startCatalogScheduler(deps: SyncDeps = {}): { stop: () => void } {
  if (!env.BACKGROUND_JOBS) return { stop: () => {} };
  if (globalForScheduler.catalogScheduler) return globalForScheduler.catalogScheduler;

  const timers: NodeJS.Timeout[] = [];
  const every = (seconds: number, kind: SyncKind) => {
    if (seconds <= 0) return;
    const t = setInterval(() => void runQuietly(kind, "schedule", deps), seconds * 1000);
    t.unref?.();
    timers.push(t);
  };
  every(env.CATALOG_DELTA_INTERVAL_S, "delta");
  every(env.CATALOG_FULL_INTERVAL_S, "full");
  void readCatalogCursor().then(
    (cursor) => (cursor ? undefined : runQuietly("full", "startup", deps)),
    () => undefined,
  );

  const handle = {
    stop: () => {
      for (const t of timers) clearInterval(t);
      globalForScheduler.catalogScheduler = undefined;
    },
  };
  globalForScheduler.catalogScheduler = handle;
  return handle;
}
