import Link from "next/link";
import { AdminPageHeader, DataTable, type Column } from "@/app/admin/_components";
import { Pagination } from "@/components/shop/pagination";
import { Badge } from "@/components/ui/badge";
import { listWebhookLog, webhookEvents, webhookStatuses } from "@/lib/admin/webhooks/list-deliveries";
import { guardAdminPage } from "@/app/admin/_components/page-guard";

export const metadata = { title: "Webhooks" };

type Row = Awaited<ReturnType<typeof listWebhookLog>>["rows"][number];
const tone: Record<string, "success" | "warning" | "neutral" | "info"> = {
  processed: "success",
  accepted: "info",
  rejected: "warning",
  error: "warning",
};
const time = (d: Date) => d.toISOString().replace("T", " ").slice(0, 19);

const columns: Column<Row>[] = [
  {
    key: "received",
    header: "Received (UTC)",
    cell: (r) => (
      <Link href={`/admin/webhooks/${r.id}`} className="font-medium text-brand-700 hover:underline">
        {time(r.receivedAt)}
      </Link>
    ),
  },
  { key: "event", header: "Event", cell: (r) => r.event ?? <span className="text-slate-400">unknown</span> },
  { key: "status", header: "Status", cell: (r) => <Badge tone={tone[r.status] ?? "neutral"}>{r.status}</Badge> },
  { key: "reason", header: "Reason", cell: (r) => r.reason ?? "", className: "max-w-xs break-words" },
  { key: "order", header: "Upstream order", cell: (r) => r.upstreamOrderId ?? "", className: "tabular-nums" },
  { key: "id", header: "Delivery id", cell: (r) => <span className="font-mono text-xs">{r.deliveryId ?? "—"}</span> },
  { key: "secret", header: "Secret", cell: (r) => r.secretUsed ?? "" },
];

// Every webhook receipt, why it was rejected or what processing did, newest first.
export default async function AdminWebhooksPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  await guardAdminPage("webhooks.read");
  const sp = await searchParams;
  const { rows, total, query, page, pageCount } = await listWebhookLog({
    event: sp.event,
    status: sp.status,
    page: sp.page,
  });
  const hrefFor = (p: number) => {
    const q = new URLSearchParams(
      Object.entries({ event: query.event, status: query.status, page: p > 1 ? String(p) : undefined }).filter(
        (e): e is [string, string] => Boolean(e[1]),
      ),
    );
    return `/admin/webhooks${q.size ? `?${q}` : ""}`;
  };
  const select = "rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm";
  return (
    <>
      <AdminPageHeader
        title="Webhooks"
        description={`${total.toLocaleString("en")} deliveries from the upstream. Rejected ones were never acted on; open one to see its headers and body.`}
      />
      <form method="get" className="mb-4 flex flex-wrap items-end gap-3">
        <label className="flex flex-col text-xs font-medium text-slate-600">
          Event
          <select name="event" defaultValue={query.event ?? ""} className={select}>
            <option value="">Any</option>
            {webhookEvents.map((e) => (
              <option key={e} value={e}>
                {e}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-xs font-medium text-slate-600">
          Status
          <select name="status" defaultValue={query.status ?? ""} className={select}>
            <option value="">Any</option>
            {webhookStatuses.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="rounded-md bg-slate-900 px-3 py-1.5 text-sm font-semibold text-white">
          Filter
        </button>
        <Link href="/admin/webhooks" className="py-1.5 text-sm text-slate-600 hover:underline">
          Clear
        </Link>
      </form>
      <DataTable
        caption="Webhook deliveries, newest first"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        empty="No deliveries match these filters."
      />
      <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} />
    </>
  );
}
