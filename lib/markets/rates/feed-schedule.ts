// When the reference-rate job runs: at start and then every hour, each time only if due: the
// last good read (succeeded or unchanged) is a day old, and a failed attempt waits an hour
// before the next. Several instances may tick; the job's lease lets one read.
import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { runRateFeed } from "./feed-job";

const hour = 3_600_000;
export const feedEveryMs = 24 * hour;
export const feedRetryMs = hour;

/** True when the job should read the feed now. */
export async function isFeedDue(now: Date): Promise<boolean> {
  const [lastGood, lastAny] = await Promise.all([
    db.rateFetch.findFirst({
      where: { status: { in: ["succeeded", "unchanged"] } },
      orderBy: { startedAt: "desc" },
      select: { startedAt: true },
    }),
    db.rateFetch.findFirst({ orderBy: { startedAt: "desc" }, select: { startedAt: true } }),
  ]);
  if (lastGood && now.getTime() - lastGood.startedAt.getTime() < feedEveryMs) return false;
  return !lastAny || now.getTime() - lastAny.startedAt.getTime() >= feedRetryMs;
}

let timer: ReturnType<typeof setInterval> | null = null;

/** Starts the hourly check in this process (background jobs); nothing without FX_FEED_URL. */
export function startRateFeedJob(): void {
  if (timer || !env.BACKGROUND_JOBS || !env.FX_FEED_URL) return;
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    isFeedDue(new Date())
      .then((due) => (due ? runRateFeed() : undefined))
      .catch((err: unknown) => log.error({ err }, "rates: the feed job failed"))
      .finally(() => (running = false));
  };
  timer = setInterval(tick, hour);
  timer.unref?.();
  tick();
}
