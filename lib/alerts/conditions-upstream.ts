// Alert conditions about the shop's connections: webhooks refused in a burst, the catalog sync,
// the upstream answering 401/5xx again and again, and the shared request budget running out.
import "server-only";
import { db } from "@/lib/db";
import { recentSignalCount, signalWindowMs } from "@/lib/metrics/signals";
import { listSupplierConfigs } from "@/lib/upstream";
import { hashApiKey } from "@/lib/upstream/db-budget";
import { formatDuration, formatWhen } from "./format";
import type { AlertEvaluation } from "./kinds";

/** Rejected deliveries in this window that make a burst. */
export const webhookBurst = { count: 10, windowMs: 15 * 60_000 };
/** A catalog without a successful sync for this long is stale. */
export const syncStaleMs = 24 * 3_600_000;
/** 401/5xx answers in the last two signal windows that count as "repeatedly". */
export const upstreamErrorsAtLeast = 5;

export async function evaluateWebhookRejections(now: Date): Promise<AlertEvaluation> {
  const where = { status: "rejected", receivedAt: { gte: new Date(now.getTime() - webhookBurst.windowMs) } };
  const [count, last] = await Promise.all([
    db.webhookDelivery.count({ where }),
    db.webhookDelivery.findFirst({ where, orderBy: { receivedAt: "desc" }, select: { reason: true, source: true } }),
  ]);
  return {
    active: count >= webhookBurst.count,
    title: "Webhooks are being rejected",
    summary: `${count} webhook deliveries were rejected in the last ${formatDuration(webhookBurst.windowMs)}${last ? ` (last: ${last.source}, ${last.reason ?? "no reason"})` : ""}. A rotated signing secret, a clock out of sync or someone probing the receiver.`,
    details: [
      { label: "Rejected", value: String(count) },
      { label: "Last reason", value: last?.reason ?? "—" },
    ],
    path: "/admin/webhooks?status=rejected",
  };
}

export async function evaluateCatalogSync(now: Date): Promise<AlertEvaluation> {
  const [lastRun, lastSuccess] = await Promise.all([
    db.syncRun.findFirst({
      where: { status: { in: ["succeeded", "failed"] } },
      orderBy: { startedAt: "desc" },
      select: { status: true, kind: true, error: true, startedAt: true },
    }),
    db.syncRun.findFirst({
      where: { status: "succeeded" },
      orderBy: { startedAt: "desc" },
      select: { startedAt: true },
    }),
  ]);
  const failed = lastRun?.status === "failed";
  // A stale catalog counts once a sync has ever run (a new shop's first sync is not an incident).
  const since =
    lastSuccess?.startedAt ??
    (await db.syncRun.findFirst({ orderBy: { startedAt: "asc" }, select: { startedAt: true } }))?.startedAt;
  const stale = since !== undefined && now.getTime() - since.getTime() > syncStaleMs;
  return {
    active: failed || stale,
    title: "Catalog sync failing",
    summary: failed
      ? `The last catalog sync (${lastRun.kind}, ${formatWhen(lastRun.startedAt)}) failed: ${lastRun.error ?? "no reason recorded"}.`
      : `No catalog sync has succeeded since ${since ? formatWhen(since) : "the start"}: prices and stock shown to shoppers may be out of date.`,
    details: [
      { label: "Last success", value: lastSuccess ? formatWhen(lastSuccess.startedAt) : "never" },
      {
        label: "Last run",
        value: lastRun ? `${lastRun.kind} ${lastRun.status} at ${formatWhen(lastRun.startedAt)}` : "none",
      },
    ],
    path: "/admin/sync",
  };
}

export async function evaluateUpstreamErrors(now: Date): Promise<AlertEvaluation> {
  const count = await recentSignalCount("upstream_errors", now);
  return {
    active: count >= upstreamErrorsAtLeast,
    title: "The upstream is failing",
    summary: `The upstream answered 401 (key refused) or 5xx (its own error) ${count} times in the last ${formatDuration(2 * signalWindowMs)}. Purchases are retried with the same keys; check the API key and the supplier's status.`,
    details: [{ label: "401/5xx answers", value: String(count) }],
    path: "/admin",
  };
}

export async function evaluateBudgetExhausted(now: Date): Promise<AlertEvaluation> {
  const [count, budget] = await Promise.all([recentSignalCount("budget_exhausted", now), budgetNow(now)]);
  return {
    active: count > 0,
    title: "Upstream request budget exhausted",
    summary: `In the last ${formatDuration(2 * signalWindowMs)}, shoppers' checks or purchases waited for the shared request budget, or the upstream answered 429, ${count} times. Checkouts slow down or fail; a sync or a flood of quotes may be using the window.`,
    details: [
      { label: "Waits and 429s", value: String(count) },
      { label: "Budget now", value: budget },
    ],
    path: "/admin",
  };
}

/**
 * Each supplier's request budget (its own key's row: docs/suppliers.md#per-supplier), named when
 * the shop has more than one; with main alone, the budget row as before.
 */
async function budgetNow(now: Date): Promise<string> {
  const configs = listSupplierConfigs();
  const say = (b: { used: number; limit: number; blockedUntil: Date | null } | null) => {
    const blocked = b?.blockedUntil && b.blockedUntil > now ? b.blockedUntil : null;
    return b ? `${b.used} of ${b.limit}${blocked ? `, blocked until ${formatWhen(blocked)}` : ""}` : "—";
  };
  if (configs.length === 1) return say(await db.upstreamBudget.findFirst({ orderBy: { updatedAt: "desc" } }));
  const rows = await db.upstreamBudget.findMany({
    where: { keyHash: { in: configs.map((c) => hashApiKey(c.apiKey)) } },
  });
  return configs
    .map((c) => `${c.name}: ${say(rows.find((r) => r.keyHash === hashApiKey(c.apiKey)) ?? null)}`)
    .join("; ");
}
