// The rate a market sells at, and whether it may still be trusted (docs/markets.md#rates): the
// wallet currency is always 1; a manual market uses its owner's rate, a feed market the active
// reference rate; either is stale once older than the market's rateMaxAgeHours.
import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { judgeRate, type FoundRate, type MarketRate, type MarketRateInput } from "./judge-rate";

export type { MarketRate, MarketRateInput, RateSource } from "./judge-rate";

/** The active reference rate of a currency against the wallet currency, aged from its last feed read. */
export async function activeReferenceRate(currency: string): Promise<FoundRate | null> {
  const row = await db.referenceRate.findFirst({
    where: { currency, baseCurrency: env.SHOP_CURRENCY, status: "active" },
    orderBy: { feedDate: "desc" },
    select: { rate: true, checkedAt: true },
  });
  return row ? { rate: row.rate, asOf: row.checkedAt } : null;
}

/** The rate the market's source gives (its owner's, or the active reference rate), not yet judged. */
export async function foundRateFor(market: MarketRateInput): Promise<FoundRate | null> {
  if (market.currency === env.SHOP_CURRENCY || market.rateSource !== "feed") {
    return market.manualRate !== null && market.manualRateSetAt
      ? { rate: market.manualRate, asOf: market.manualRateSetAt }
      : null;
  }
  return activeReferenceRate(market.currency);
}

/** The market's rate now, or why there is none to sell at. */
export async function rateFor(market: MarketRateInput, now: Date): Promise<MarketRate> {
  return judgeRate(market, await foundRateFor(market), env.SHOP_CURRENCY, now);
}
