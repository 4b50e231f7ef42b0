// Background work of one app process. Every job is safe to run in several processes at once:
// the catalog sync takes a lease in the database, the reconciler leases each line, and a
// webhook delivery is settled by whoever claims it first, and each outbox email is claimed
// with a lease before it is sent.
import "server-only";
import { env } from "@/lib/env";
import { log } from "@/lib/log";

let started = false;

/** Starts the sandbox clock, the catalog scheduler, the reconciler, the monitor (wallet and alerts), the reference-rate feed, webhook and auth upkeep and the outbox worker (once per process). */
export async function startBackgroundJobs(): Promise<void> {
  if (started || !env.BACKGROUND_JOBS) return;
  started = true;

  if (env.SANDBOX_ENABLED) {
    // The sandbox settles pending orders and sends its webhooks from its own timer.
    const { getSandbox } = await import("@/lib/sandbox");
    getSandbox();
    for (const supplier of env.sandboxSuppliers) getSandbox(supplier);
  }

  const { startCatalogScheduler } = await import("@/lib/catalog/scheduler");
  startCatalogScheduler();

  const { startReconciler } = await import("@/lib/orders/reconcile");
  startReconciler();

  const { startOutboxWorker } = await import("@/lib/mail/outbox-worker");
  startOutboxWorker();

  // Reads the upstream balance when due, evaluates the owners' alerts and sends them.
  const { startMonitor } = await import("@/lib/alerts/monitor");
  startMonitor();
  const { pruneSpends } = await import("@/lib/wallet/estimate");
  const { pruneAlertWebhooks } = await import("@/lib/alerts/alert-webhook");
  every(3_600_000, "monitor upkeep", async () => {
    await pruneSpends(new Date());
    await pruneAlertWebhooks(new Date());
  });

  const { resumeUnsettledDeliveries } = await import("@/lib/webhooks/resume");
  const { pruneWebhookLog } = await import("@/lib/webhooks/record");
  every(60_000, "webhook upkeep", async () => {
    await resumeUnsettledDeliveries();
    await pruneWebhookLog();
  });

  const { pruneSessions } = await import("@/lib/auth/sessions");
  const { pruneResetTokens } = await import("@/lib/auth/password-reset");
  every(60 * 60_000, "auth upkeep", async () => {
    await pruneSessions();
    await pruneResetTokens();
  });

  // The daily reference-rate feed, when FX_FEED_URL names one (docs/markets.md#rates).
  const { startRateFeedJob } = await import("@/lib/markets/rates/feed-schedule");
  startRateFeedJob();

  // Per-client limit counters of windows long past (lib/rate-limit).
  const { pruneRateLimitCounters } = await import("@/lib/rate-limit");
  every(3_600_000, "rate-limit upkeep", () => pruneRateLimitCounters());
}

function every(ms: number, name: string, task: () => Promise<unknown>): void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    task()
      .catch((error: unknown) => log.error({ err: error, job: name }, "background job failed"))
      .finally(() => (running = false));
  }, ms);
  timer.unref?.();
}
