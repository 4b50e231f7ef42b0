import { AdminPageHeader, DataTable } from "@/app/(request)/admin/_components";
import { guardAdminPage } from "@/app/(request)/admin/_components/page-guard";
import { formatAge, formatTime } from "@/components/admin/format";
import { HeldRateActions } from "@/components/admin/held-rate-actions";
import { loadRatesPage, type ActiveRateRow, type HeldRateRow } from "@/lib/admin/rates/load-rates";

export const metadata = { title: "Exchange rates" };

// Exchange rates (owners only): the reference rate in use per currency, rates held for moving
// past the threshold with Confirm / Reject, and the feed's address and last read.
export default async function RatesPage() {
  await guardAdminPage("/admin/rates");
  const page = await loadRatesPage();
  return (
    <>
      <AdminPageHeader
        title="Exchange rates"
        description={`Reference rates per 1 ${page.base}, read daily from the feed. A rate that moves more than ${page.thresholdPercent} % from the one in use waits here for an owner; markets on a manual rate are set in their own settings.`}
      />
      <section aria-labelledby="feed" className="mb-6 rounded-lg border border-slate-200 bg-white p-4 text-sm">
        <h2 id="feed" className="mb-2 text-lg font-semibold">
          Feed
        </h2>
        {page.feedUrl ? (
          <p className="[overflow-wrap:anywhere]">
            Reading <code className="font-mono">{page.feedUrl}</code> (FX_FEED_URL) daily.
          </p>
        ) : (
          <p>No feed is set (FX_FEED_URL): only manual rates apply.</p>
        )}
        <p data-testid="last-fetch">
          Last read:{" "}
          {page.lastFetch
            ? `${page.lastFetch.status} at ${formatTime(page.lastFetch.startedAt)}${page.lastFetch.feedDate ? `, feed date ${page.lastFetch.feedDate}` : ""}; ${page.lastFetch.applied} applied, ${page.lastFetch.held} held${page.lastFetch.error ? `. ${page.lastFetch.error}` : ""}`
            : "never"}
        </p>
      </section>
      <section aria-labelledby="held" className="mb-6">
        <h2 id="held" className="mb-2 text-lg font-semibold">
          Waiting for an owner
        </h2>
        <DataTable<HeldRateRow>
          caption="Rates held for confirmation"
          rows={page.held}
          rowKey={(r) => r.id}
          empty="No rate is waiting."
          columns={[
            { key: "currency", header: "Currency", cell: (r) => r.currency },
            { key: "rate", header: "New rate", cell: (r) => r.rate },
            { key: "previous", header: "In use", cell: (r) => r.previousRate ?? "—" },
            { key: "move", header: "Move", cell: (r) => (r.movePercent ? `${r.movePercent} %` : "—") },
            { key: "date", header: "Feed date", cell: (r) => r.feedDate },
            { key: "decide", header: "Decide", cell: (r) => <HeldRateActions rateId={r.id} currency={r.currency} /> },
          ]}
        />
      </section>
      <section aria-labelledby="active">
        <h2 id="active" className="mb-2 text-lg font-semibold">
          In use
        </h2>
        <DataTable<ActiveRateRow>
          caption={`Reference rates in use, per 1 ${page.base}`}
          rows={page.active}
          rowKey={(r) => r.id}
          empty="No reference rate yet."
          columns={[
            { key: "currency", header: "Currency", cell: (r) => r.currency },
            { key: "rate", header: `Per 1 ${page.base}`, cell: (r) => r.rate },
            { key: "date", header: "Feed date", cell: (r) => r.feedDate },
            { key: "age", header: "Last confirmed", cell: (r) => `${formatAge(r.ageMs)} ago` },
            { key: "source", header: "Source", cell: (r) => r.sourceUrl, className: "[overflow-wrap:anywhere]" },
          ]}
        />
      </section>
    </>
  );
}
