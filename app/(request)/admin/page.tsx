import Link from "next/link";
import { AdminPageHeader } from "@/app/(request)/admin/_components/admin-page-header";
import { BarChart } from "@/components/admin/bar-chart";
import { formatAge, formatTime } from "@/components/admin/format";
import { WalletCard } from "@/components/admin/wallet-card";
import { CompareSupplierButton } from "@/components/admin/compare-supplier-button";
import { StatCard } from "@/components/admin/stat-card";
import { loadOverview } from "@/lib/admin/overview/load";
import { getStuckLines, STUCK_AFTER_MS } from "@/lib/admin/overview/stuck-lines";
import { booksWindowMs, getMoneyHealth } from "@/lib/admin/overview/money-health";
import { can } from "@/lib/auth/guards";
import { env } from "@/lib/env";
import { guardAdminPage } from "@/app/(request)/admin/_components/page-guard";

// The staff dashboard: wallet balance (with low-balance warning), money, and health at a glance.
export default async function AdminOverviewPage() {
  const user = await guardAdminPage("/admin");
  const [{ balance, sales, health }, stuck, money] = await Promise.all([
    loadOverview(),
    getStuckLines(),
    getMoneyHealth(),
  ]);
  const cur = env.SHOP_CURRENCY;
  return (
    <>
      <AdminPageHeader title="Overview" />
      {balance.paused ? (
        <p
          role="alert"
          data-testid="sales-paused"
          className="mb-4 rounded-lg border border-rose-300 bg-rose-50 p-3 font-medium text-rose-900"
        >
          Sales are paused since {formatTime(balance.paused.since)}: the supplier refused a purchase for lack of money.
          Checkout shows &ldquo;temporarily unavailable&rdquo; until a balance read shows at least the reserve
          {balance.paused.needs ? ` plus ${balance.paused.needs}` : ""}. Top up the wallet; sales resume by themselves.
        </p>
      ) : null}
      {balance.low ? (
        <p role="alert" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 font-medium text-amber-900">
          Low upstream balance: about {balance.estimate ?? balance.balance} {balance.currency} left (warning below{" "}
          {balance.threshold}
          {balance.hoursLeft !== null ? `; about ${balance.hoursLeft} hours of sales at the last day's rate` : ""}). Top
          up the wallet before checkout has to refuse orders.
        </p>
      ) : null}
      {stuck.count > 0 ? (
        <section
          role="alert"
          data-testid="stuck-lines"
          className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <p className="font-medium">
            {stuck.count} {stuck.count === 1 ? "line has" : "lines have"} waited on the upstream for over{" "}
            {formatAge(STUCK_AFTER_MS)}. They are not refunded automatically: check them.
          </p>
          <ul className="mt-1 list-disc pl-5">
            {stuck.lines.map((l) => (
              <li key={l.lineId}>
                <Link href={`/admin/orders/${l.orderId}`} className="underline">
                  {l.productName}
                </Link>{" "}
                · {l.status.replace(/_/g, " ")} · {formatAge(l.ageMs)}
              </li>
            ))}
          </ul>
          {stuck.count > stuck.lines.length ? <p className="mt-1">Showing the oldest {stuck.lines.length}.</p> : null}
        </section>
      ) : null}
      <section
        aria-labelledby="books-h"
        data-testid="books"
        className={`mb-4 rounded-lg border p-3 text-sm ${money.books.problemCount ? "border-rose-300 bg-rose-50 text-rose-900" : "border-emerald-200 bg-emerald-50 text-emerald-900"}`}
      >
        <h2 id="books-h" className="font-medium">
          {money.books.problemCount
            ? `The books: ${money.books.problemCount} ${money.books.problemCount === 1 ? "problem" : "problems"} in the orders of the last ${formatAge(booksWindowMs)}`
            : `The books balance: ${money.books.checkedOrders} orders of the last ${formatAge(booksWindowMs)} checked — money kept equals what was delivered, nothing refunded twice, nothing sold below cost.`}
        </h2>
        {money.books.problemCount ? (
          <ul className="mt-1 list-disc pl-5 [overflow-wrap:anywhere]">
            {money.books.problems.map((p, i) => (
              <li key={i}>
                {p.orderId ? (
                  <Link href={`/admin/orders/${p.orderId}`} className="underline">
                    {p.kind.replace(/_/g, " ")}
                  </Link>
                ) : (
                  p.kind.replace(/_/g, " ")
                )}
                : {p.detail}
              </li>
            ))}
          </ul>
        ) : null}
        {can(user, "orders.reconcile") ? <CompareSupplierButton /> : null}
      </section>
      {money.attention.count > 0 ? (
        <section
          aria-labelledby="attention-h"
          data-testid="attention-lines"
          className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <h2 id="attention-h" className="font-medium">
            {money.attention.count} {money.attention.count === 1 ? "line needs" : "lines need"} a person
          </h2>
          <ul className="mt-1 list-disc pl-5 [overflow-wrap:anywhere]">
            {money.attention.lines.map((l) => (
              <li key={l.id}>
                <Link href={`/admin/orders/${l.orderId}`} className="underline">
                  {l.productName}
                </Link>{" "}
                · {l.status.replace(/_/g, " ")} · {l.attentionReason}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <WalletCard balance={balance} />
        {[
          { label: "Sales today", t: sales.today },
          { label: "Sales last 7 days", t: sales.d7 },
          { label: "Sales last 30 days", t: sales.d30 },
        ].map(({ label, t }) => (
          <StatCard
            key={label}
            label={label}
            value={`${t.sales} ${cur}`}
            hint={`Cost ${t.cost} · margin ${t.margin} · ${t.lines} lines`}
          />
        ))}
        <StatCard
          label="Pending upstream lines"
          tone={health.pending.oldestAgeMs !== null && health.pending.oldestAgeMs > 30 * 60_000 ? "warning" : "neutral"}
          value={health.pending.count}
          hint={
            health.pending.oldestOrderId && health.pending.oldestAgeMs !== null ? (
              <Link className="underline" href={`/admin/orders/${health.pending.oldestOrderId}`}>
                Oldest: {formatAge(health.pending.oldestAgeMs)}
              </Link>
            ) : (
              "None waiting"
            )
          }
        />
        <StatCard
          label="Held payments"
          tone={health.heldPayments.count > 0 ? "warning" : "neutral"}
          value={health.heldPayments.count}
          hint={
            health.heldPayments.oldestOrderId ? (
              <Link className="underline" href={`/admin/orders/${health.heldPayments.oldestOrderId}`}>
                Oldest: release or refund
              </Link>
            ) : (
              "None to review"
            )
          }
        />
        <StatCard
          label="Failed emails"
          tone={health.emails.failed > 0 ? "warning" : "neutral"}
          value={<span data-testid="failed-emails">{health.emails.failed}</span>}
          hint={
            health.emails.failed > 0 ? (
              <Link className="underline" href="/admin/outbox?status=failed">
                Review and send again
              </Link>
            ) : (
              `${health.emails.waiting} on the way${env.SMTP_URL ? "" : " (no SMTP configured)"}`
            )
          }
        />
        <StatCard
          label="Upstream budget in use"
          value={health.budget ? `${health.budget.used} / ${health.budget.limit}` : "—"}
          hint={
            health.budget
              ? health.budget.blockedUntil
                ? `Blocked until ${formatTime(health.budget.blockedUntil)}`
                : `Window from ${formatTime(health.budget.windowStart)}`
              : "No calls yet"
          }
        />
      </div>
      <section className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="mb-2 font-semibold text-slate-900">Sales and margin per day (last 30 days, {cur})</h2>
        <BarChart
          title="Sales and margin per day"
          bars={sales.days.map((d) => ({ label: d.day, value: d.sales, overlay: d.margin }))}
        />
      </section>
      <div className="mt-6 grid gap-4 lg:grid-cols-3">
        <section className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 className="mb-2 font-semibold text-slate-900">Orders by state</h2>
          <ul className="space-y-1 text-sm">
            {health.ordersByState.length === 0 ? <li className="text-slate-500">No orders yet.</li> : null}
            {health.ordersByState.map((s) => (
              <li key={s.status} className="flex justify-between">
                <Link href={`/admin/orders?state=${s.status}`} className="underline">
                  {s.status.replace(/_/g, " ")}
                </Link>
                <span className="tabular-nums">{s.count}</span>
              </li>
            ))}
          </ul>
        </section>
        <section className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
          <h2 className="mb-2 font-semibold text-slate-900">Last catalog sync</h2>
          {health.lastSync ? (
            <p>
              {health.lastSync.kind} · <strong>{health.lastSync.status}</strong> · started{" "}
              {formatTime(health.lastSync.startedAt)}
              <br />+{health.lastSync.added} / ~{health.lastSync.updated} / −{health.lastSync.removed}
              {health.lastSync.error ? <span className="block text-rose-700">{health.lastSync.error}</span> : null}
            </p>
          ) : (
            <p className="text-slate-500">No sync has run yet.</p>
          )}
          <Link href="/admin/sync" className="mt-2 inline-block underline">
            Sync runs
          </Link>
        </section>
        <section
          className={`rounded-lg border p-4 text-sm ${health.webhooks.rejectedLastHour > 0 ? "border-amber-300 bg-amber-50" : "border-slate-200 bg-white"}`}
        >
          <h2 className="mb-2 font-semibold text-slate-900">Webhooks</h2>
          <p>
            Last accepted:{" "}
            {health.webhooks.lastAccepted
              ? `${formatTime(health.webhooks.lastAccepted.receivedAt)} (${health.webhooks.lastAccepted.event ?? "?"})`
              : "never"}
          </p>
          <p>
            Rejected in the last hour: <strong>{health.webhooks.rejectedLastHour}</strong>
          </p>
          <Link href="/admin/webhooks" className="mt-2 inline-block underline">
            Webhook log
          </Link>
        </section>
      </div>
    </>
  );
}
