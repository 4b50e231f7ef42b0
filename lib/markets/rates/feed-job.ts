// The reference-rate job (docs/markets.md#rates): fetch the feed, read it strictly, re-base it
// on the wallet currency, refuse what cannot be right (malformed, no wallet currency, a bad
// number, a date older than the last one) and keep the last rates, then store the day. One
// run at a time across instances (a lease); every run is recorded in RateFetch, where the
// admin page and the owners' alert (lib/alerts/conditions-rates.ts) read it.
import "server-only";
import { acquireLease, releaseLease } from "@/lib/catalog/lease";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import type { OutboundDeps } from "@/lib/http/outbound-guard";
import { log } from "@/lib/log";
import { toWalletRates } from "./cross-rates";
import { parseEcbFeed } from "./ecb-feed";
import { fetchFeedText } from "./fetch-feed";
import { markRatesChecked, newestFeedDate, storeRates } from "./store-rates";

const leaseName = "reference-rates";
const leaseTtlMs = 2 * 60_000;

export type FeedRunStatus = "succeeded" | "unchanged" | "refused" | "failed";
export type FeedRun =
  | { status: "off" | "skipped" }
  | { status: FeedRunStatus; feedDate?: Date; applied: number; held: number; error?: string };

type Outcome = Omit<Extract<FeedRun, { applied: number }>, "applied" | "held"> & { applied?: number; held?: number };

async function readAndStore(url: string, now: Date, deps?: OutboundDeps): Promise<Outcome> {
  const fetched = await fetchFeedText(url, deps);
  if (!fetched.ok) return { status: "failed", error: fetched.reason };
  const parsed = parseEcbFeed(fetched.text);
  if (!parsed.ok) return { status: "refused", error: parsed.reason };
  const base = env.SHOP_CURRENCY;
  const crossed = toWalletRates(parsed.feed.rates, base);
  if (!crossed.ok) return { status: "refused", error: crossed.reason };
  const feedDate = new Date(`${parsed.feed.date}T00:00:00Z`);
  const newest = await newestFeedDate(base);
  if (newest && feedDate < newest)
    return {
      status: "refused",
      feedDate,
      error: `the feed's date ${parsed.feed.date} is older than the last one, ${newest.toISOString().slice(0, 10)}`,
    };
  if (newest && feedDate.getTime() === newest.getTime()) {
    await markRatesChecked(base, feedDate, now);
    return { status: "unchanged", feedDate };
  }
  const stored = await storeRates({
    base,
    feedDate,
    rates: crossed.rates,
    sourceUrl: url,
    thresholdPercent: env.FX_JUMP_PERCENT,
    now,
  });
  return { status: "succeeded", feedDate, ...stored };
}

/** One run of the job; does nothing without FX_FEED_URL, and skips while another instance runs. */
export async function runRateFeed(opts: { now?: Date; outbound?: OutboundDeps } = {}): Promise<FeedRun> {
  const url = env.FX_FEED_URL;
  if (!url) return { status: "off" };
  const now = opts.now ?? new Date();
  const lease = await acquireLease(leaseName, leaseTtlMs, now);
  if (!lease) return { status: "skipped" };
  try {
    const outcome = await readAndStore(url, now, opts.outbound).catch((err: unknown): Outcome => ({
      status: "failed",
      error: err instanceof Error ? err.message : "error",
    }));
    const run = { applied: 0, held: 0, ...outcome };
    await db.rateFetch.create({
      data: {
        sourceUrl: url,
        status: run.status,
        feedDate: run.feedDate ?? null,
        applied: run.applied,
        held: run.held,
        error: run.error ?? null,
        startedAt: now,
        finishedAt: opts.now ?? new Date(),
      },
    });
    if (run.status === "refused" || run.status === "failed")
      log.error({ status: run.status, reason: run.error }, "rates: the feed was not used; the last rates stay");
    else if (run.held > 0) log.warn({ held: run.held }, "rates: rates moved past the threshold wait for an owner");
    return run;
  } finally {
    await releaseLease(lease).catch(() => undefined);
  }
}
