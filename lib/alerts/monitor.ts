// The monitor: every MONITOR_INTERVAL_S each instance counts supplier orders whose wallet update
// failed, reads each supplier's balance when it is due (lib/wallet), evaluates every alert, sends what is due and posts pending chat notices. Every
// step is shared through the database (a claimed balance read, versioned alert states, claimed
// notices), so several instances running it at once send each notice once.
import "server-only";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { listMarketsForRates } from "@/lib/markets/rates/markets-for-rates";
import { refreshBalancesIfDue } from "@/lib/wallet/read-balance";
import { applyPendingSpends } from "@/lib/wallet/spends";
import { advanceAlert } from "./alert-state";
import type { OutboundDeps } from "@/lib/http/outbound-guard";
import { deliverAlertWebhooks } from "./alert-webhook";
import { evaluateHeldPayments, evaluateUnresolvedLines } from "./conditions-money";
import { evaluateLowBalance, evaluateSalesPaused } from "./conditions-wallet";
import {
  evaluateBudgetExhausted,
  evaluateCatalogSync,
  evaluateUpstreamErrors,
  evaluateWebhookRejections,
} from "./conditions-upstream";
import { evaluateRateFeed, evaluateStaleRates } from "./conditions-rates";
import type { AlertEvaluation, AlertKind } from "./kinds";
import { sendDueNotice } from "./notify";

const evaluators: Record<AlertKind, (now: Date) => Promise<AlertEvaluation>> = {
  low_balance: evaluateLowBalance,
  sales_paused: evaluateSalesPaused,
  unresolved_lines: evaluateUnresolvedLines,
  held_payments: evaluateHeldPayments,
  webhook_rejections: evaluateWebhookRejections,
  catalog_sync: evaluateCatalogSync,
  upstream_errors: evaluateUpstreamErrors,
  budget_exhausted: evaluateBudgetExhausted,
  rate_feed: evaluateRateFeed,
  stale_rates: (now) => evaluateStaleRates(now, listMarketsForRates),
};

/** Evaluates one alert and sends what it makes due. */
export async function checkAlert(kind: AlertKind, now: Date): Promise<void> {
  const ev = await evaluators[kind](now);
  await advanceAlert(kind, ev, now);
  await sendDueNotice(kind, ev, now);
}

/** One pass; a failing alert is logged and never stops the others. */
export async function runMonitorPass(
  now: Date = new Date(),
  opts: { readBalance?: boolean; outbound?: OutboundDeps } = {},
): Promise<void> {
  // Supplier orders whose estimate update failed (a busy database) are counted now, once.
  await applyPendingSpends(now).catch((err: unknown) => log.warn({ err }, "monitor: pending wallet updates failed"));
  if (opts.readBalance !== false)
    await refreshBalancesIfDue(now).catch((err: unknown) => log.warn({ err }, "monitor: balance read failed"));
  for (const kind of Object.keys(evaluators) as AlertKind[]) {
    await checkAlert(kind, now).catch((err: unknown) =>
      log.error({ err, alert: kind }, "monitor: alert not evaluated"),
    );
  }
  await deliverAlertWebhooks(now, opts.outbound).catch((err: unknown) =>
    log.warn({ err }, "monitor: chat notices not delivered"),
  );
}

let timer: ReturnType<typeof setInterval> | null = null;

/** Runs the monitor in this process (background jobs), the first pass shortly after start. */
export function startMonitor(): void {
  if (timer || !env.BACKGROUND_JOBS) return;
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    runMonitorPass()
      .catch((err: unknown) => log.error({ err }, "monitor: pass failed"))
      .finally(() => (running = false));
  };
  timer = setInterval(tick, env.MONITOR_INTERVAL_S * 1000);
  timer.unref?.();
  setTimeout(tick, 5_000).unref?.();
}
