import Link from "next/link";
import { AdminPageHeader, DataTable, type Column } from "@/app/(request)/admin/_components";
import { Pagination } from "@/components/shop/pagination";
import { Badge } from "@/components/ui/badge";
import { listWebhookLog, webhookEvents, webhookStatuses } from "@/lib/admin/webhooks/list-deliveries";
import { guardAdminPage } from "@/app/(request)/admin/_components/page-guard";
import { FilterForm } from "@/components/admin/filter-form";

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
  await guardAdminPage("/admin/webhooks");
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
  return (
    <>
      <AdminPageHeader
        title="Webhooks"
        description={`${total.toLocaleString("en")} deliveries from the upstream. Rejected ones were never acted on; open one to see its headers and body.`}
      />
      <FilterForm
        clearHref="/admin/webhooks"
        selects={[
          { name: "event", label: "Event", value: query.event, choices: webhookEvents.map((value) => ({ value })) },
          {
            name: "status",
            label: "Status",
            value: query.status,
            choices: webhookStatuses.map((value) => ({ value })),
          },
        ]}
      />
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
