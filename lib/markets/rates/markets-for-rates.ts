// The markets the stale-rate alert checks (lib/alerts/conditions-rates.ts): every market, with
// what rateFor needs, read through the markets' cached lookup (lib/markets/lookup.ts).
import "server-only";
import { listMarkets } from "../lookup";
import type { MarketRateInput } from "./judge-rate";

export type MarketForRates = MarketRateInput & { name: string; enabled: boolean };

/** Every market with what rateFor needs (enabled or not: the alert keeps the enabled ones). */
export async function listMarketsForRates(): Promise<MarketForRates[]> {
  return (await listMarkets()).map((m) => ({
    name: m.name,
    enabled: m.enabled,
    currency: m.currency,
    rateSource: m.rateSource,
    manualRate: m.manualRate,
    manualRateSetAt: m.manualRateSetAt,
    rateMaxAgeHours: m.rateMaxAgeHours,
  }));
}
