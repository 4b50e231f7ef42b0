import Link from "next/link";
import { AdminPageHeader, DataTable, type Column } from "@/app/(request)/admin/_components";
import { Pagination } from "@/components/shop/pagination";
import { describeEmailDelivery, EmailStatusBadge } from "@/components/admin/email-status";
import { env } from "@/lib/env";
import { listOutboxEmails } from "@/lib/admin/outbox/list-emails";
import { guardAdminPage } from "@/app/(request)/admin/_components/page-guard";
import { FilterForm, type FilterChoice } from "@/components/admin/filter-form";

export const metadata = { title: "Outbox" };

type Row = Awaited<ReturnType<typeof listOutboxEmails>>["rows"][number];
const outboxStatusChoices: FilterChoice[] = [
  { value: "outbox", label: "outbox (waiting)" },
  { value: "sending", label: "sending" },
  { value: "sent", label: "sent" },
  { value: "failed", label: "failed" },
];

const time = (d: Date) => d.toISOString().replace("T", " ").slice(0, 19);
const columns: Column<Row>[] = [
  { key: "created", header: "Created (UTC)", cell: (r) => time(r.createdAt) },
  {
    key: "subject",
    header: "Subject",
    cell: (r) => (
      <Link href={`/admin/outbox/${r.id}`} prefetch={false} className="font-medium text-brand-700 hover:underline">
        {r.subject}
      </Link>
    ),
  },
  { key: "to", header: "To", cell: (r) => r.to },
  { key: "kind", header: "Kind", cell: (r) => r.kind },
  { key: "status", header: "Status", cell: (r) => <EmailStatusBadge status={r.status} /> },
  { key: "attempts", header: "Attempts", cell: (r) => <span className="tabular-nums">{r.attempts}</span> },
  {
    key: "delivery",
    header: "Delivery",
    cell: (r) => (
      <>
        {describeEmailDelivery(r, Boolean(env.SMTP_URL))}
        {r.error && r.status !== "sent" ? (
          <span className="block max-w-xs truncate text-xs text-rose-700" title={r.error}>
            {r.error}
          </span>
        ) : null}
      </>
    ),
  },
];

// Every email the shop recorded; without SMTP_URL this is where they can be read.
export default async function AdminOutboxPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  await guardAdminPage("/admin/outbox");
  const sp = await searchParams;
  const { rows, total, query, page, pageCount } = await listOutboxEmails({ status: sp.status, page: sp.page });
  const hrefFor = (p: number) => {
    const q = new URLSearchParams(
      Object.entries({ status: query.status, page: p > 1 ? String(p) : undefined }).filter((e): e is [string, string] =>
        Boolean(e[1]),
      ),
    );
    return `/admin/outbox${q.size ? `?${q}` : ""}`;
  };
  return (
    <>
      <AdminPageHeader
        title="Outbox"
        description={`${total.toLocaleString("en")} emails. ${env.SMTP_URL ? "SMTP is configured: the outbox worker sends each email, retries failures with growing waits, and gives up after a few hours; staff can send a failed email again." : "No SMTP_URL is configured: emails stay here unsent."} What is kept here never contains codes.`}
      />
      <FilterForm
        clearHref="/admin/outbox"
        selects={[{ name: "status", label: "Status", value: query.status, choices: outboxStatusChoices }]}
      />
      <DataTable
        caption="Emails, newest first"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        empty="No emails yet."
      />
      <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} />
    </>
  );
}
