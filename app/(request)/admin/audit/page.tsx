import Link from "next/link";
import { AdminPageHeader } from "@/app/(request)/admin/_components/admin-page-header";
import { DataTable } from "@/components/admin/data-table";
import { formatTime } from "@/components/admin/format";
import { Pager } from "@/components/admin/pager";
import { listAuditLog } from "@/lib/audit/list";
import { guardAdminPage } from "@/app/(request)/admin/_components/page-guard";

export const metadata = { title: "Audit" };

type Row = Awaited<ReturnType<typeof listAuditLog>>["rows"][number];

function first(v: string | string[] | undefined): string | undefined {
  const s = Array.isArray(v) ? v[0] : v;
  return s && s.length <= 200 ? s : undefined;
}

// Read-only audit log: who did what, when, with the before/after values.
export default async function AuditPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await guardAdminPage("/admin/audit");
  const sp = await searchParams;
  const page = Math.max(1, Math.min(10_000, Number.parseInt(first(sp.page) ?? "1", 10) || 1));
  const action = first(sp.action);
  const actor = first(sp.actor);
  const { rows, hasNext } = await listAuditLog({ page, action, actor });
  return (
    <>
      <AdminPageHeader
        title="Audit log"
        description="Every staff action that changed something or revealed a secret."
      />
      <form method="get" className="mb-4 flex flex-wrap items-end gap-3 text-sm">
        <label className="font-medium">
          Action{" "}
          <input
            name="action"
            defaultValue={action}
            placeholder="e.g. order.refund"
            className="mt-1 block rounded-md border border-slate-300 px-2 py-1"
          />
        </label>
        <label className="font-medium">
          Actor email{" "}
          <input
            name="actor"
            defaultValue={actor}
            className="mt-1 block rounded-md border border-slate-300 px-2 py-1"
          />
        </label>
        <button type="submit" className="rounded-md bg-slate-900 px-3 py-1.5 font-semibold text-white">
          Filter
        </button>
      </form>
      <DataTable<Row>
        caption="Audit log, newest first"
        rows={rows}
        rowKey={(r) => r.id}
        empty="No audit entries."
        columns={[
          {
            key: "at",
            header: "When",
            cell: (r) => <span className="whitespace-nowrap">{formatTime(r.createdAt)}</span>,
          },
          {
            key: "who",
            header: "Who",
            className: "[overflow-wrap:anywhere]",
            cell: (r) => (
              <>
                {r.actorEmail} <span className="text-slate-500">({r.actorRole})</span>
              </>
            ),
          },
          { key: "what", header: "Action", cell: (r) => <span className="font-mono text-xs">{r.action}</span> },
          {
            key: "target",
            header: "Target",
            className: "[overflow-wrap:anywhere]",
            cell: (r) =>
              r.targetType === "order" && r.targetId ? (
                <Link href={`/admin/orders/${r.targetId}`} className="underline">
                  order {r.orderReference ?? r.targetId}
                </Link>
              ) : (
                `${r.targetType}${r.targetId ? ` ${r.targetId}` : ""}`
              ),
          },
          // overflow-wrap:anywhere (not break-word) lets long JSON shrink the column instead of
          // widening the table past the screen.
          {
            key: "before",
            header: "Before",
            className: "min-w-32",
            cell: (r) => (
              <code className="block whitespace-pre-wrap text-xs [overflow-wrap:anywhere]">{r.before ?? "—"}</code>
            ),
          },
          {
            key: "after",
            header: "After",
            className: "min-w-32",
            cell: (r) => (
              <code className="block whitespace-pre-wrap text-xs [overflow-wrap:anywhere]">{r.after ?? "—"}</code>
            ),
          },
        ]}
      />
      <Pager basePath="/admin/audit" params={{ action, actor }} page={page} hasNext={hasNext} />
    </>
  );
}
