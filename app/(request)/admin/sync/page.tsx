import { AdminPageHeader, DataTable, type Column } from "@/app/(request)/admin/_components";
import { Pagination } from "@/components/shop/pagination";
import { Badge } from "@/components/ui/badge";
import { can } from "@/lib/auth/guards";
import { getSyncProgress, listSyncRuns, type SyncRunView } from "@/lib/admin/catalog/sync-runs";
import { SyncPanel } from "./sync-panel";
import { guardAdminPage } from "@/app/(request)/admin/_components/page-guard";

export const metadata = { title: "Catalog sync" };

const tone = { succeeded: "success", failed: "warning", running: "info", skipped: "neutral" } as const;
const time = (iso: string | null) => (iso ? new Date(iso).toISOString().replace("T", " ").slice(0, 19) : "—");
const seconds = (r: SyncRunView) =>
  r.finishedAt ? `${Math.max(0, Math.round((Date.parse(r.finishedAt) - Date.parse(r.startedAt)) / 1000))} s` : "";

const columns: Column<SyncRunView>[] = [
  {
    key: "kind",
    header: "Kind",
    cell: (r) => (
      <>
        {r.kind}
        <div className="text-xs text-slate-500">{r.trigger}</div>
      </>
    ),
  },
  {
    key: "status",
    header: "Status",
    cell: (r) => <Badge tone={tone[r.status as keyof typeof tone] ?? "neutral"}>{r.status}</Badge>,
  },
  {
    key: "time",
    header: "Started (UTC)",
    cell: (r) => (
      <>
        {time(r.startedAt)}
        <div className="text-xs text-slate-500">
          {r.finishedAt ? `finished ${time(r.finishedAt)} · ${seconds(r)}` : "not finished"}
        </div>
      </>
    ),
  },
  {
    key: "pages",
    header: "Pages",
    cell: (r) => `${r.pages}${r.lastPage ? ` / ${r.lastPage}` : ""}`,
    className: "tabular-nums",
  },
  { key: "calls", header: "Calls", cell: (r) => r.upstreamCalls, className: "tabular-nums" },
  {
    key: "counts",
    header: "Added / updated / removed",
    cell: (r) => `${r.added} / ${r.updated} / ${r.removed}`,
    className: "tabular-nums",
  },
  {
    key: "error",
    header: "Error",
    cell: (r) => (r.error ? <span className="break-words text-rose-700">{r.error}</span> : null),
    className: "max-w-xs",
  },
];

// The catalog sync runs log, "sync now" and the live progress of a running sync.
export default async function AdminSyncPage({ searchParams }: { searchParams: Promise<{ page?: string }> }) {
  const user = await guardAdminPage("/admin/sync");
  const page = Number((await searchParams).page ?? "1");
  const [runs, progress] = await Promise.all([listSyncRuns(page), getSyncProgress()]);
  return (
    <>
      <AdminPageHeader
        title="Catalog sync"
        description="Delta syncs run on a schedule; a full sync re-reads every page. Only one sync runs at a time across all app processes."
      />
      <SyncPanel initial={progress} canRun={can(user, "sync.run")} />
      <DataTable
        caption="Sync runs, newest first"
        columns={columns}
        rows={runs.rows}
        rowKey={(r) => r.id}
        empty="No sync has run yet."
      />
      <Pagination
        page={runs.page}
        pageCount={runs.pageCount}
        hrefFor={(p) => (p > 1 ? `/admin/sync?page=${p}` : "/admin/sync")}
      />
    </>
  );
}
