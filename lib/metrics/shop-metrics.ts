// The shop's state for Prometheus, read from the database at scrape time: the same numbers on
// every instance (aggregate them with max, never sum): orders and lines by state, held payments,
// refunds, reconciler lag, each supplier's request budget, wallet estimate and health (labelled
// `supplier`), the last catalog sync, alerts firing and the outbox. About a dozen small indexed
// queries per scrape, and four more per supplier.
import "server-only";
import { Gauge, Registry } from "prom-client";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { workStatuses } from "@/lib/orders/reconcile";
import { failingAt, readBudgetRow } from "@/lib/orders/routing/supplier-states";
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

type SupplierNow = {
  name: string;
  budget: Awaited<ReturnType<typeof readBudgetRow>>;
  wallet: Awaited<ReturnType<typeof getWalletView>>;
  failing: boolean;
};

/** Each configured supplier's request budget, wallet and health now (main first). */
function readSuppliers(now: Date): Promise<SupplierNow[]> {
  return Promise.all(
    env.suppliers.map(async (s) => ({
      name: s.name,
      budget: await readBudgetRow(s.name),
      wallet: await getWalletView(now, s.name),
      failing: await failingAt(s.name, now),
    })),
  );
}

/** One gauge with a series per supplier; a supplier whose value is null has none. */
function perSupplier(
  r: Registry,
  name: string,
  help: string,
  suppliers: SupplierNow[],
  value: (s: SupplierNow) => number | null,
): void {
  const samples = suppliers.flatMap((s) => {
    const v = value(s);
    return v === null ? [] : [{ labels: { supplier: s.name }, value: v }];
  });
  if (samples.length) gauge(r, name, help, samples, ["supplier"]);
}

function supplierGauges(r: Registry, suppliers: SupplierNow[], now: Date): void {
  const budget = (f: (b: NonNullable<SupplierNow["budget"]>) => number) => (s: SupplierNow) =>
    s.budget ? f(s.budget) : null;
  perSupplier(
    r,
    "shop_upstream_budget_used",
    "Upstream requests used in the supplier's current 60 s window (all instances).",
    suppliers,
    budget((b) => b.used),
  );
  perSupplier(
    r,
    "shop_upstream_budget_limit",
    "Upstream requests the supplier allows per 60 s window.",
    suppliers,
    budget((b) => b.limit),
  );
  perSupplier(
    r,
    "shop_upstream_budget_blocked_seconds",
    "Seconds until the supplier's budget unblocks after a 429 (0 when not blocked).",
    suppliers,
    budget((b) => (b.blockedUntil && b.blockedUntil > now ? (b.blockedUntil.getTime() - now.getTime()) / 1000 : 0)),
  );
  perSupplier(
    r,
    "shop_supplier_failing",
    "1 while routing passes the supplier over: its last calls went unanswered.",
    suppliers,
    (s) => (s.failing ? 1 : 0),
  );
  perSupplier(
    r,
    "shop_wallet_balance_estimate",
    "The supplier's wallet estimate: the last read minus what was bought since.",
    suppliers,
    (s) => s.wallet.estimate?.toNumber() ?? null,
  );
  perSupplier(r, "shop_wallet_balance_read", "The supplier's balance at the last read.", suppliers, (s) =>
    s.wallet.readAt ? (s.wallet.balance?.toNumber() ?? null) : null,
  );
  perSupplier(
    r,
    "shop_wallet_last_read_timestamp_seconds",
    "When the supplier's balance was last read (unix time).",
    suppliers,
    (s) => (s.wallet.readAt && s.wallet.balance !== null ? seconds(s.wallet.readAt) : null),
  );
  perSupplier(r, "shop_wallet_sales_paused", "1 while a 402 pauses the supplier's sales.", suppliers, (s) =>
    s.wallet.paused ? 1 : 0,
  );
  perSupplier(r, "shop_wallet_spend_last_day", "Spending at the supplier in the last 24 hours.", suppliers, (s) =>
    s.wallet.spentLastDay.toNumber(),
  );
  perSupplier(
    r,
    "shop_wallet_hours_left",
    "Hours of sales the supplier's estimate above the reserve covers at the last day's rate.",
    suppliers,
    (s) => s.wallet.hoursLeft,
  );
}

/** A fresh registry holding the shop-wide gauges as the database says now. */
export async function collectShopMetrics(now: Date = new Date()): Promise<Registry> {
  const [orders, lines, held, refunds, due, suppliers, lastSuccess, lastRun, alerts, emails] = await Promise.all([
    db.order.groupBy({ by: ["status"], _count: { _all: true } }),
    db.orderLine.groupBy({ by: ["status"], _count: { _all: true } }),
    db.payment.count({ where: { status: "held" } }),
    db.refund.groupBy({ by: ["kind", "status"], _count: { _all: true }, _sum: { amount: true } }),
    db.orderLine.aggregate({
      where: { status: { in: workStatuses }, nextCheckAt: { lte: now } },
      _min: { nextCheckAt: true },
      _count: { _all: true },
    }),
    readSuppliers(now),
    db.syncRun.findFirst({
      where: { status: "succeeded" },
      orderBy: { startedAt: "desc" },
      select: { startedAt: true },
    }),
    db.syncRun.findFirst({ where: { status: { in: ["succeeded", "failed"] } }, orderBy: { startedAt: "desc" } }),
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
  supplierGauges(r, suppliers, now);
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
  const { reserve, threshold } = suppliers[0].wallet;
  gauge(r, "shop_wallet_reserve", "The reserve checkout keeps in each supplier's wallet.", [
    { value: reserve.toNumber() },
  ]);
  gauge(r, "shop_wallet_low_threshold", "The low-balance alert threshold.", [{ value: threshold.toNumber() }]);
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
