// Reads for the sync screen: the paginated runs log and the live progress of a running sync
// (polled every second or two by the progress bar, so it is two indexed lookups).
import "server-only";
import { db } from "@/lib/db";
import { readCatalogCursor } from "@/lib/catalog/cursor";

export const syncRunsPageSize = 25;

function toView(r: Awaited<ReturnType<typeof db.syncRun.findFirstOrThrow>>) {
  return { ...r, startedAt: r.startedAt.toISOString(), finishedAt: r.finishedAt?.toISOString() ?? null };
}
export type SyncRunView = ReturnType<typeof toView>;

/** One page of runs, newest first. */
export async function listSyncRuns(page: number) {
  const p = Math.max(1, Math.floor(page) || 1);
  const [total, rows] = await Promise.all([
    db.syncRun.count(),
    db.syncRun.findMany({
      orderBy: [{ startedAt: "desc" }, { id: "desc" }],
      skip: (p - 1) * syncRunsPageSize,
      take: syncRunsPageSize,
    }),
  ]);
  return { rows: rows.map(toView), total, page: p, pageCount: Math.max(1, Math.ceil(total / syncRunsPageSize)) };
}

export type SyncProgress = {
  running: {
    id: string;
    kind: string;
    trigger: string;
    pages: number;
    lastPage: number | null;
    percent: number | null;
    startedAt: string;
  } | null;
  latest: SyncRunView | null;
  cursor: string | null;
};

/** The running sync (progress = pages fetched / last page, unknown until page 1 answered) and the latest run. */
export async function getSyncProgress(): Promise<SyncProgress> {
  const [running, latest, cursor] = await Promise.all([
    db.syncRun.findFirst({ where: { status: "running" }, orderBy: { startedAt: "desc" } }),
    db.syncRun.findFirst({ orderBy: [{ startedAt: "desc" }, { id: "desc" }] }),
    readCatalogCursor(),
  ]);
  const percent = running?.lastPage ? Math.min(100, Math.round((running.pages / running.lastPage) * 100)) : null;
  return {
    running: running
      ? {
          id: running.id,
          kind: running.kind,
          trigger: running.trigger,
          pages: running.pages,
          lastPage: running.lastPage,
          percent,
          startedAt: running.startedAt.toISOString(),
        }
      : null,
    latest: latest ? toView(latest) : null,
    cursor: cursor ?? null,
  };
}
