// Whether a market's rate may be sold at (docs/markets.md#rates), pure: the wallet currency is
// always 1; any other rate must be more than zero and no older than the market's rateMaxAgeHours.
import { Decimal, type DecimalValue } from "@/lib/pricing/decimal";

/** What rateFor needs of a market; the Market model satisfies it as it is. */
export type MarketRateInput = {
  currency: string;
  /** "manual" | "feed" */
  rateSource: string;
  /** Units of the market currency per 1 wallet-currency unit, set by an owner. */
  manualRate: DecimalValue | null;
  manualRateSetAt: Date | null;
  rateMaxAgeHours: number;
};

export type RateSource = "wallet" | "manual" | "feed";
export type MarketRate =
  | { status: "ok"; rate: Decimal; asOf: Date; source: RateSource }
  | { status: "stale"; rate: Decimal; asOf: Date; source: RateSource; maxAgeHours: number }
  | { status: "missing"; source: RateSource };

/** A rate and the moment its age counts from. */
export type FoundRate = { rate: DecimalValue; asOf: Date };

/** The first moment (ms) a rate found at `asOf` is stale for a market keeping rates `maxAgeHours`. */
export function rateStaleFrom(asOf: Date, maxAgeHours: number): number {
  return asOf.getTime() + maxAgeHours * 3_600_000 + 1;
}

/** The decision, given the rate found for the market's source (pure). */
export function judgeRate(market: MarketRateInput, found: FoundRate | null, wallet: string, now: Date): MarketRate {
  if (market.currency === wallet) return { status: "ok", rate: new Decimal(1), asOf: now, source: "wallet" };
  const source: RateSource = market.rateSource === "feed" ? "feed" : "manual";
  if (!found || !new Decimal(found.rate).greaterThan(0)) return { status: "missing", source };
  const rate = new Decimal(found.rate);
  if (now.getTime() >= rateStaleFrom(found.asOf, market.rateMaxAgeHours))
    return { status: "stale", rate, asOf: found.asOf, source, maxAgeHours: market.rateMaxAgeHours };
  return { status: "ok", rate, asOf: found.asOf, source };
}
