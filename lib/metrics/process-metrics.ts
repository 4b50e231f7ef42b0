// What this process did, for Prometheus (prom-client): checkouts, upstream calls and their
// latency, waits for the shared request budget, webhook deliveries, catalog syncs, alert notices,
// plus Node's own process metrics. Each instance counts only its own work, so summing a counter
// over instances gives the shop's total. Shop-wide state (orders by state, the wallet…) is read
// from the database at scrape time instead (shop-metrics.ts). One set per process, on globalThis:
// Next compiles the background jobs and the routes as separate bundles of this module.
import "server-only";
import { collectDefaultMetrics, Counter, Histogram, Registry } from "prom-client";

function createProcessMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    checkouts: new Counter({
      name: "shop_checkouts_total",
      help: "Checkouts by outcome (paid, pending, redirect, declined, refused, unavailable, busy, changed, invalid, error).",
      labelNames: ["outcome"],
      registers,
    }),
    upstreamRequests: new Counter({
      name: "shop_upstream_requests_total",
      help: "Upstream API calls by supplier, endpoint and outcome (ok, or the error kind).",
      labelNames: ["supplier", "endpoint", "outcome"],
      registers,
    }),
    upstreamDuration: new Histogram({
      name: "shop_upstream_request_duration_seconds",
      help: "Upstream API call latency (budget wait excluded), by supplier and endpoint.",
      labelNames: ["supplier", "endpoint"],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
      registers,
    }),
    budgetWaits: new Counter({
      name: "shop_upstream_budget_waits_total",
      help: "Upstream calls that had to wait for their supplier's request budget, by supplier and priority.",
      labelNames: ["supplier", "priority"],
      registers,
    }),
    budgetWaitSeconds: new Counter({
      name: "shop_upstream_budget_wait_seconds_total",
      help: "Time upstream calls spent waiting for their supplier's request budget, by supplier and priority.",
      labelNames: ["supplier", "priority"],
      registers,
    }),
    webhooks: new Counter({
      name: "shop_webhook_deliveries_total",
      help: "Webhook deliveries received, by source and outcome at the receiver (accepted, duplicate, rejected, limited).",
      labelNames: ["source", "outcome"],
      registers,
    }),
    webhooksProcessed: new Counter({
      name: "shop_webhook_processed_total",
      help: "Accepted webhook deliveries processed, by source and result (processed, ignored, error).",
      labelNames: ["source", "outcome"],
      registers,
    }),
    syncs: new Counter({
      name: "shop_catalog_syncs_total",
      help: "Catalog sync runs by kind and status (succeeded, failed, skipped).",
      labelNames: ["kind", "status"],
      registers,
    }),
    syncDuration: new Histogram({
      name: "shop_catalog_sync_duration_seconds",
      help: "Catalog sync run duration, by kind.",
      labelNames: ["kind"],
      buckets: [1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600],
      registers,
    }),
    syncCalls: new Counter({
      name: "shop_catalog_sync_upstream_calls_total",
      help: "Upstream calls made by catalog syncs, by kind.",
      labelNames: ["kind"],
      registers,
    }),
    alertNotices: new Counter({
      name: "shop_alert_notices_total",
      help: "Alert notices queued by this instance, by alert and state (firing, cleared).",
      labelNames: ["alert", "state"],
      registers,
    }),
  };
}

type ProcessMetrics = ReturnType<typeof createProcessMetrics>;
const globalForMetrics = globalThis as unknown as { __shopProcessMetrics?: ProcessMetrics };

/** This process's metrics (created on first use). */
export function processMetrics(): ProcessMetrics {
  return (globalForMetrics.__shopProcessMetrics ??= createProcessMetrics());
}

/** An upstream path as a label: ids and categories become placeholders, so labels stay few. */
export function endpointLabel(method: string, path: string): string {
  const template = path.replace(/^\/orders\/\d+$/, "/orders/{id}").replace(/^\/catalog\/.+$/, "/catalog/{category}");
  return `${method} ${template}`;
}

/** An error class name as an outcome label: "RateLimitedError" → "rate_limited". */
export function outcomeLabel(error: string | undefined): string {
  if (!error) return "ok";
  const base = error.replace(/Error$/, "").replace(/^Upstream(?=[A-Z])/, "") || "error";
  return base
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .slice(0, 40);
}
