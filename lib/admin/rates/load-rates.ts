// What /admin/rates shows (owners): the rate in use per currency with its age and source, the
// rates waiting for an owner, and the feed's configuration and last read. Reads only.
import "server-only";
import { requirePermission } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { env } from "@/lib/env";

export type ActiveRateRow = {
  id: string;
  currency: string;
  rate: string;
  feedDate: string;
  checkedAt: Date;
  /** How long ago the feed last carried it. */
  ageMs: number;
  sourceUrl: string;
};
export type HeldRateRow = ActiveRateRow & { previousRate: string | null; movePercent: string | null; fetchedAt: Date };
export type RatesPage = {
  base: string;
  thresholdPercent: number;
  /** The feed's address without its query (which may carry a key), or null when no feed is set. */
  feedUrl: string | null;
  lastFetch: {
    status: string;
    startedAt: Date;
    feedDate: string | null;
    applied: number;
    held: number;
    error: string | null;
  } | null;
  active: ActiveRateRow[];
  held: HeldRateRow[];
};

const day = (d: Date) => d.toISOString().slice(0, 10);

function withoutQuery(raw: string): string {
  const url = new URL(raw);
  return `${url.origin}${url.pathname}${url.search ? "?…" : ""}`;
}

/** The page's data; owners only (rates.manage). */
export async function loadRatesPage(now: Date = new Date()): Promise<RatesPage> {
  await requirePermission("rates.manage");
  const base = env.SHOP_CURRENCY;
  const [active, held, last] = await Promise.all([
    db.referenceRate.findMany({ where: { baseCurrency: base, status: "active" }, orderBy: { currency: "asc" } }),
    db.referenceRate.findMany({ where: { baseCurrency: base, status: "held" }, orderBy: { currency: "asc" } }),
    db.rateFetch.findFirst({ orderBy: { startedAt: "desc" } }),
  ]);
  const row = (r: (typeof active)[number]): ActiveRateRow => ({
    id: r.id,
    currency: r.currency,
    rate: r.rate.toString(),
    feedDate: day(r.feedDate),
    checkedAt: r.checkedAt,
    ageMs: now.getTime() - r.checkedAt.getTime(),
    sourceUrl: withoutQuery(r.sourceUrl),
  });
  return {
    base,
    thresholdPercent: env.FX_JUMP_PERCENT,
    feedUrl: env.FX_FEED_URL ? withoutQuery(env.FX_FEED_URL) : null,
    lastFetch: last
      ? {
          status: last.status,
          startedAt: last.startedAt,
          feedDate: last.feedDate ? day(last.feedDate) : null,
          applied: last.applied,
          held: last.held,
          error: last.error,
        }
      : null,
    active: active.map(row),
    held: held.map((r) => ({
      ...row(r),
      previousRate: r.previousRate?.toString() ?? null,
      movePercent: r.movePercent?.toString() ?? null,
      fetchedAt: r.fetchedAt,
    })),
  };
}
