// The hooks other modules call when something worth counting happens. Counting never changes
// what it counts: a failure here is logged and dropped. Shop-wide signals for the alerts are
// database writes; they are tracked so a test (or a shutdown) can wait for them.
import "server-only";
import { log } from "@/lib/log";
import { endpointLabel, outcomeLabel, processMetrics } from "./process-metrics";
import { recordSignal, type SignalName } from "./signals";

export type CheckoutOutcome =
  "paid" | "pending" | "redirect" | "declined" | "refused" | "unavailable" | "busy" | "changed" | "invalid" | "error";

const globalForPending = globalThis as unknown as { __shopPendingSignals?: Set<Promise<void>> };
const pending = (globalForPending.__shopPendingSignals ??= new Set());

function signal(name: SignalName): void {
  const p = recordSignal(name)
    .catch((err: unknown) => log.warn({ err, signal: name }, "metrics: signal not recorded"))
    .finally(() => pending.delete(p));
  pending.add(p);
}

/** Resolves once every signal recorded so far is in the database. */
export async function flushSignals(): Promise<void> {
  await Promise.all([...pending]);
}

/** One checkout's outcome. */
export function countCheckout(outcome: CheckoutOutcome): void {
  processMetrics().checkouts.inc({ outcome });
}

/** Every upstream call (its supplier's client's onCall observer): count, latency, and the shop-wide signals. */
export function observeUpstreamCall(event: {
  method: string;
  path: string;
  status: number;
  durationMs: number;
  error?: string;
  /** The supplier called; main when unset. */
  supplier?: string;
}): void {
  const m = processMetrics();
  const endpoint = endpointLabel(event.method, event.path);
  const supplier = event.supplier ?? "main";
  m.upstreamRequests.inc({ supplier, endpoint, outcome: outcomeLabel(event.error) });
  if (event.status > 0) m.upstreamDuration.observe({ supplier, endpoint }, event.durationMs / 1000);
  if (event.status === 401 || event.status >= 500) signal("upstream_errors");
  if (event.status === 429) signal("budget_exhausted");
}

/** A call that waited for its supplier's request budget; a shopper's call (purchase, check) waiting is a signal. */
export function observeBudgetWait(priority: string, waitedMs: number, supplier = "main"): void {
  const m = processMetrics();
  m.budgetWaits.inc({ supplier, priority });
  m.budgetWaitSeconds.inc({ supplier, priority }, waitedMs / 1000);
  if (priority === "purchase" || priority === "check") signal("budget_exhausted");
}

/** A supplier other than main counts as "upstream:<supplier>" (a bounded, configured set). */
export type WebhookSource = "upstream" | `upstream:${string}` | "stripe";

/** One webhook delivery at the receiver: accepted, duplicate, rejected (refused), limited (refused early). */
export function countWebhook(source: WebhookSource, outcome: "accepted" | "duplicate" | "rejected" | "limited"): void {
  processMetrics().webhooks.inc({ source, outcome });
}

/** What processing an accepted delivery did: processed, ignored, error. */
export function countWebhookProcessed(source: WebhookSource, outcome: string): void {
  processMetrics().webhooksProcessed.inc({ source, outcome });
}

/** One finished catalog sync run. */
export function observeSyncRun(run: {
  kind: string;
  status: string;
  upstreamCalls: number;
  startedAt: Date;
  finishedAt: Date | null;
}): void {
  const m = processMetrics();
  m.syncs.inc({ kind: run.kind, status: run.status });
  if (run.status === "skipped") return;
  m.syncCalls.inc({ kind: run.kind }, run.upstreamCalls);
  if (run.finishedAt)
    m.syncDuration.observe({ kind: run.kind }, Math.max(0, run.finishedAt.getTime() - run.startedAt.getTime()) / 1000);
}

/** One alert notice queued (emails and the chat webhook of one firing or clearing). */
export function countAlertNotice(alert: string, state: "firing" | "cleared"): void {
  processMetrics().alertNotices.inc({ alert, state });
}
