import Link from "next/link";
import { AdminPageHeader } from "@/app/(request)/admin/_components/admin-page-header";
import { guardAdminPage } from "@/app/(request)/admin/_components/page-guard";
import { DataTable } from "@/components/admin/data-table";
import { formatTime } from "@/components/admin/format";
import { Pager } from "@/components/admin/pager";
import { StatCard } from "@/components/admin/stat-card";
import { listRiskAttempts, parseOutcome } from "@/lib/admin/risk/list-attempts";
import { riskLimits } from "@/lib/orders/checkout/risk";

export const metadata = { title: "Risk" };

type Row = Awaited<ReturnType<typeof listRiskAttempts>>["rows"][number];
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

// Card testing and review: checkouts the risk rules stopped before the payment provider, declined
// payments, and orders held for review (release or refund them on the order's page).
export default async function RiskPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await guardAdminPage("/admin/risk");
  const sp = await searchParams;
  const page = Math.max(1, Math.min(10_000, Number.parseInt(first(sp.page) ?? "1", 10) || 1));
  const outcome = parseOutcome(first(sp.outcome));
  const { rows, hasNext, last24h, topClients } = await listRiskAttempts({ page, outcome });
  const l = riskLimits;
  return (
    <>
      <AdminPageHeader
        title="Risk"
        description={`A client is stopped after ${l.declinesPerClient.count} declined payments in ${l.declinesPerClient.windowMs / 60_000} minutes, a card after ${l.declinesPerCard.count} in a day, an email after ${l.declinesPerEmail.count} in an hour. A new buyer's large order, or a burst of orders from one email, is charged and held for review.`}
      />
      <div className="mb-4 grid gap-4 sm:grid-cols-3">
        <StatCard
          label="Stopped (last 24 h)"
          tone={last24h.refused ? "warning" : "neutral"}
          value={<span data-testid="risk-refused">{last24h.refused}</span>}
          hint="Refused before the payment provider"
        />
        <StatCard label="Declined (last 24 h)" value={last24h.declined} hint={`${last24h.paid} paid`} />
        <StatCard
          label="Held for review (last 24 h)"
          tone={last24h.review ? "warning" : "neutral"}
          value={last24h.review}
          hint="Release or refund on the order page"
        />
      </div>
      {topClients.length ? (
        <p className="mb-4 text-sm text-slate-700" data-testid="risk-top-clients">
          Most declined or stopped clients today: {topClients.map((c) => `${c.ip} (${c.declinedOrRefused})`).join(", ")}
        </p>
      ) : null}
      <form method="get" className="mb-4 flex flex-wrap items-end gap-3 text-sm">
        <label className="font-medium">
          Show
          <select
            name="outcome"
            defaultValue={outcome ?? ""}
            className="mt-1 block rounded-md border border-slate-300 px-2 py-1"
          >
            <option value="">Stopped, declined and held</option>
            <option value="refused">Stopped</option>
            <option value="declined">Declined</option>
            <option value="review">Held for review</option>
            <option value="paid">Paid</option>
          </select>
        </label>
        <button type="submit" className="rounded-md bg-slate-900 px-3 py-1.5 font-semibold text-white">
          Filter
        </button>
      </form>
      <DataTable<Row>
        caption="Checkout attempts, newest first"
        rows={rows}
        rowKey={(r) => r.id}
        empty="No attempts."
        columns={[
          {
            key: "at",
            header: "When",
            cell: (r) => <span className="whitespace-nowrap">{formatTime(r.createdAt)}</span>,
          },
          { key: "outcome", header: "Outcome", cell: (r) => <span data-testid="risk-outcome">{r.outcome}</span> },
          { key: "client", header: "Client", cell: (r) => r.ip },
          { key: "email", header: "Email", cell: (r) => r.email },
          { key: "amount", header: "Amount", cell: (r) => `${r.amount.toFixed(2)} ${r.currency}` },
          {
            key: "why",
            header: "Why",
            cell: (r) =>
              r.orderId ? (
                <Link className="underline" href={`/admin/orders/${r.orderId}`}>
                  {r.reason ?? "order"}
                </Link>
              ) : (
                (r.reason ?? "—")
              ),
          },
        ]}
      />
      <Pager basePath="/admin/risk" params={{ outcome }} page={page} hasNext={hasNext} />
    </>
  );
}
