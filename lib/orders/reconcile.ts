// The reconciler: the background loop that finishes everything paid but not terminal
// (docs/money-rules.md#m3), with webhooks on or off.
import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { releaseLeasesOfGoneInstances } from "@/lib/instance";
import { fulfilLine } from "./fulfilment/fulfil-line";
import { processOwner, withLineLease } from "./core/line-lease";
import { pollLine } from "./fulfilment/poll-line";
import { resumeRefunds } from "./refunds/refunds";
import { nextRetryAt } from "./core/schedule";
import { settleOpenPayments } from "./payment/settle-payments";
import { settleEndedOrders } from "./core/transition";
import { log } from "@/lib/log";

/** The line states the reconciler works on (a due line in one of them is reconciler lag). */
export const workStatuses = ["paid", "purchasing", "pending_upstream", "failed"];

/**
 * One pass: confirms pending payments, then works every due line it can lease. `clock` is read
 * again for every line, so a lease is stamped with the time it is taken, not the pass's start
 * (a pass can spend minutes on earlier lines). One line or payment that throws is deferred and
 * logged; it never stops the pass, so it can never starve every other line (docs/money-rules.md#m3).
 */
export async function reconcileOnce(
  opts: { now?: Date; clock?: () => Date; owner?: string; limit?: number } = {},
): Promise<{ payments: number; lines: number }> {
  const fixed = opts.now;
  const clock = opts.clock ?? (fixed ? () => fixed : () => new Date());
  const now = clock();
  const owner = opts.owner ?? processOwner;
  const payments = await settleOpenPayments(now);
  // Refunds a crash or an unknown outcome left between their claim and their record.
  await resumeRefunds(now, { owner }).catch((err: unknown) =>
    log.error({ err }, "reconciler: refunds not resumed this pass"),
  );
  await settleEndedOrders(now).catch((err: unknown) =>
    log.error({ err }, "reconciler: ended orders not settled this pass"),
  );
  // A dead instance's lines are due again now, not when their leases run out.
  await releaseLeasesOfGoneInstances();
  const due = await db.orderLine.findMany({
    where: {
      status: { in: workStatuses },
      nextCheckAt: { lte: now },
      OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }],
    },
    orderBy: { nextCheckAt: "asc" },
    take: opts.limit ?? 50,
    select: { id: true, status: true },
  });
  let lines = 0;
  for (const line of due) {
    const at = clock();
    try {
      const worked = await withLineLease(line.id, owner, at, async () => {
        if (line.status === "pending_upstream") await pollLine(line.id, { now: at, cause: "poll" });
        else await fulfilLine(line.id, { now: at, cause: "reconciler" });
      });
      if (worked) lines++;
    } catch (err) {
      await deferLine(line.id, at);
      log.error({ err, lineId: line.id }, "reconciler: line deferred after an error");
    }
  }
  return { payments, lines };
}

/** Pushes a line that threw back by a minute (same status, same key), so the queue moves on. */
async function deferLine(lineId: string, now: Date): Promise<void> {
  await db.orderLine
    .updateMany({
      where: { id: lineId, status: { in: workStatuses } },
      data: { checks: { increment: 1 }, nextCheckAt: nextRetryAt(now, 3) },
    })
    .catch((err: unknown) => log.error({ err, lineId }, "reconciler: could not defer a line"));
}

let timer: ReturnType<typeof setInterval> | null = null;

/** Runs reconcileOnce every RECONCILE_INTERVAL_MS in this process; no-op when BACKGROUND_JOBS=false. */
export function startReconciler(): void {
  if (timer || !env.BACKGROUND_JOBS) return;
  let running = false;
  timer = setInterval(() => {
    if (running) return;
    running = true;
    reconcileOnce()
      .catch((err: unknown) => log.error({ err }, "reconciler: pass failed"))
      .finally(() => {
        running = false;
      });
  }, env.RECONCILE_INTERVAL_MS);
  timer.unref?.();
}

/** Stops the interval (tests, shutdown). */
export function stopReconciler(): void {
  if (timer) clearInterval(timer);
  timer = null;
}
