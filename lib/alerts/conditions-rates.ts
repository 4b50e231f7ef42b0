// Alert conditions about exchange rates (docs/markets.md#rates): the reference-rate feed was
// refused or could not be read, its newest date is days old, or a rate waits for an owner;
// and an enabled market whose rate is stale or missing (its checkout stops until it is fresh).
import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import type { MarketForRates } from "@/lib/markets/rates/markets-for-rates";
import { rateFor } from "@/lib/markets/rates/rate-for";
import { formatWhen } from "./format";
import type { AlertEvaluation } from "./kinds";

/** A feed whose newest date is this old is stuck, even when every read succeeds (a long holiday is 4 days). */
export const feedDateStaleMs = 5 * 24 * 3_600_000;

export async function evaluateRateFeed(now: Date): Promise<AlertEvaluation> {
  const [last, held, newest] = await Promise.all([
    db.rateFetch.findFirst({ orderBy: { startedAt: "desc" } }),
    db.referenceRate.findMany({ where: { status: "held" }, select: { currency: true }, orderBy: { currency: "asc" } }),
    db.referenceRate.findFirst({ where: { baseCurrency: env.SHOP_CURRENCY }, orderBy: { feedDate: "desc" } }),
  ]);
  const broken = last !== null && (last.status === "refused" || last.status === "failed");
  const stuck = newest !== null && now.getTime() - newest.feedDate.getTime() > feedDateStaleMs;
  const problems = [
    broken
      ? `The last read of the feed (${formatWhen(last.startedAt)}) was ${last.status}: ${last.error ?? "no reason recorded"}. The last rates stay in use.`
      : null,
    stuck ? `The feed's newest date is ${newest.feedDate.toISOString().slice(0, 10)}.` : null,
    held.length
      ? `Rates that moved more than ${env.FX_JUMP_PERCENT} % wait for an owner: ${held.map((h) => h.currency).join(", ")}.`
      : null,
  ].filter((p): p is string => p !== null);
  return {
    active: problems.length > 0,
    title: "Exchange rates need an owner",
    summary: problems.join(" ") || "The reference-rate feed is read and every rate applies.",
    details: [
      { label: "Last read", value: last ? `${last.status} at ${formatWhen(last.startedAt)}` : "never" },
      { label: "Waiting for an owner", value: held.length ? held.map((h) => h.currency).join(", ") : "none" },
    ],
    path: "/admin/rates",
  };
}

export async function evaluateStaleRates(
  now: Date,
  listMarkets: () => Promise<MarketForRates[]>,
): Promise<AlertEvaluation> {
  const stale: string[] = [];
  for (const market of (await listMarkets()).filter((m) => m.enabled)) {
    const r = await rateFor(market, now);
    if (r.status === "stale")
      stale.push(`${market.name} (${market.currency}, ${r.source} rate of ${formatWhen(r.asOf)})`);
    if (r.status === "missing") stale.push(`${market.name} (${market.currency}, no ${r.source} rate)`);
  }
  return {
    active: stale.length > 0,
    title: "A market's exchange rate is stale",
    summary: stale.length
      ? `Checkout is stopped in these markets until their rate is fresh: ${stale.join("; ")}. Set a manual rate or check the feed.`
      : "Every enabled market has a fresh rate.",
    details: [{ label: "Markets", value: stale.length ? stale.join("; ") : "none" }],
    path: "/admin/rates",
  };
}
