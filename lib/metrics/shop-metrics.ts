// The shop's state for Prometheus, read from the database at scrape time: the same numbers on
// every instance (aggregate them with max, never sum): orders and lines by state, held payments,
// refunds, reconciler lag, the shared request budget, the last catalog sync, the upstream wallet
// estimate, alerts firing and the outbox. About a dozen small indexed queries per scrape.
import "server-only";
import { Gauge, Registry } from "prom-client";
import { db } from "@/lib/db";
import { workStatuses } from "@/lib/orders/reconcile";
import { getWalletView } from "@/lib/wallet/wallet-view";

type Sample = { labels?: Record<string, string>; value: number };

function gauge(registry: Registry, name: string, help: string, samples: Sample[], labelNames: string[] = []): void {
  const g = new Gauge({ name, help, labelNames, registers: [registry] });
  for (const s of samples) {
    if (s.labels) g.set(s.labels, s.value);
    else g.set(s.value);
  }
}

const seconds = (d: Date) => d.getTime() / 1000;

/** A fresh registry holding the shop-wide gauges as the database says now. */
export async function collectShopMetrics(now: Date = new Date()): Promise<Registry> {
  const [orders, lines, held, refunds, due, budget, lastSuccess, lastRun, wallet, alerts, emails] = await Promise.all([
    db.order.groupBy({ by: ["status"], _count: { _all: true } }),
    db.orderLine.groupBy({ by: ["status"], _count: { _all: true } }),
    db.payment.count({ where: { status: "held" } }),
    db.refund.groupBy({ by: ["kind", "status"], _count: { _all: true }, _sum: { amount: true } }),
    db.orderLine.aggregate({
      where: { status: { in: workStatuses }, nextCheckAt: { lte: now } },
      _min: { nextCheckAt: true },
      _count: { _all: true },
    }),
    db.upstreamBudget.findFirst({ orderBy: { updatedAt: "desc" } }),
    db.syncRun.findFirst({
      where: { status: "succeeded" },
      orderBy: { startedAt: "desc" },
      select: { startedAt: true },
    }),
    db.syncRun.findFirst({ where: { status: { in: ["succeeded", "failed"] } }, orderBy: { startedAt: "desc" } }),
    getWalletView(now),
    db.alertState.findMany({ select: { kind: true, status: true } }),
    db.outboxEmail.groupBy({ by: ["status"], _count: { _all: true } }),
  ]);
  const r = new Registry();
  gauge(
    r,
    "shop_orders",
    "Orders by status.",
    orders.map((o) => ({ labels: { status: o.status }, value: o._count._all })),
    ["status"],
  );
  gauge(
    r,
    "shop_order_lines",
    "Order lines by status.",
    lines.map((l) => ({ labels: { status: l.status }, value: l._count._all })),
    ["status"],
  );
  gauge(r, "shop_payments_held", "Payments held for staff to release or refund.", [{ value: held }]);
  gauge(
    r,
    "shop_refunds",
    "Refunds by kind and status.",
    refunds.map((x) => ({ labels: { kind: x.kind, status: x.status }, value: x._count._all })),
    ["kind", "status"],
  );
  gauge(
    r,
    "shop_refunds_amount",
    "Refunded amounts (shop currency) by kind and status.",
    refunds.map((x) => ({ labels: { kind: x.kind, status: x.status }, value: Number(x._sum.amount ?? 0) })),
    ["kind", "status"],
  );
  const oldestDue = due._min.nextCheckAt;
  gauge(
    r,
    "shop_reconciler_lag_seconds",
    "How long the oldest due line has waited for the reconciler (0 when none is due).",
    [{ value: oldestDue ? Math.max(0, (now.getTime() - oldestDue.getTime()) / 1000) : 0 }],
  );
  gauge(r, "shop_reconciler_due_lines", "Lines due for the reconciler now.", [{ value: due._count._all }]);
  if (budget) {
    gauge(r, "shop_upstream_budget_used", "Upstream requests used in the current 60 s window (all instances).", [
      { value: budget.used },
    ]);
    gauge(r, "shop_upstream_budget_limit", "Upstream requests allowed per 60 s window.", [{ value: budget.limit }]);
    gauge(
      r,
      "shop_upstream_budget_blocked_seconds",
      "Seconds until the budget unblocks after a 429 (0 when not blocked).",
      [
        {
          value:
            budget.blockedUntil && budget.blockedUntil > now
              ? (budget.blockedUntil.getTime() - now.getTime()) / 1000
              : 0,
        },
      ],
    );
  }
  if (lastSuccess)
    gauge(
      r,
      "shop_catalog_last_success_timestamp_seconds",
      "When the last successful catalog sync started (unix time).",
      [{ value: seconds(lastSuccess.startedAt) }],
    );
  if (lastRun) {
    gauge(r, "shop_catalog_last_sync_failed", "1 when the last finished catalog sync failed.", [
      { value: lastRun.status === "failed" ? 1 : 0 },
    ]);
    gauge(r, "shop_catalog_last_sync_upstream_calls", "Upstream calls made by the last finished catalog sync.", [
      { value: lastRun.upstreamCalls },
    ]);
    if (lastRun.finishedAt)
      gauge(r, "shop_catalog_last_sync_duration_seconds", "Duration of the last finished catalog sync.", [
        { value: (lastRun.finishedAt.getTime() - lastRun.startedAt.getTime()) / 1000 },
      ]);
  }
  if (wallet.estimate !== null)
    gauge(r, "shop_wallet_balance_estimate", "Upstream wallet estimate: the last read minus what was bought since.", [
      { value: wallet.estimate.toNumber() },
    ]);
  if (wallet.balance !== null && wallet.readAt) {
    gauge(r, "shop_wallet_balance_read", "The upstream balance at the last read.", [
      { value: wallet.balance.toNumber() },
    ]);
    gauge(r, "shop_wallet_last_read_timestamp_seconds", "When the upstream balance was last read (unix time).", [
      { value: seconds(wallet.readAt) },
    ]);
  }
  gauge(r, "shop_wallet_reserve", "The reserve checkout keeps in the upstream wallet.", [
    { value: wallet.reserve.toNumber() },
  ]);
  gauge(r, "shop_wallet_low_threshold", "The low-balance alert threshold.", [{ value: wallet.threshold.toNumber() }]);
  gauge(r, "shop_wallet_sales_paused", "1 while new sales are paused after a 402.", [{ value: wallet.paused ? 1 : 0 }]);
  gauge(r, "shop_wallet_spend_last_day", "Supplier spending in the last 24 hours.", [
    { value: wallet.spentLastDay.toNumber() },
  ]);
  if (wallet.hoursLeft !== null)
    gauge(r, "shop_wallet_hours_left", "Hours of sales the estimate above the reserve covers at the last day's rate.", [
      { value: wallet.hoursLeft },
    ]);
  gauge(
    r,
    "shop_alert_firing",
    "1 while an alert is firing.",
    alerts.map((a) => ({ labels: { alert: a.kind }, value: a.status === "firing" ? 1 : 0 })),
    ["alert"],
  );
  gauge(
    r,
    "shop_outbox_emails",
    "Emails in the outbox by status.",
    emails.map((e) => ({ labels: { status: e.status }, value: e._count._all })),
    ["status"],
  );
  return r;
}
