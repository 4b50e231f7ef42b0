// The markets the stale-rate alert checks (lib/alerts/conditions-rates.ts). The markets module
// owns the Market table; until it supplies its list here, no market is checked.
import "server-only";
import type { MarketRateInput } from "./judge-rate";

export type MarketForRates = MarketRateInput & { name: string; enabled: boolean };

/** Every market with what rateFor needs (enabled or not: the alert keeps the enabled ones). */
export async function listMarketsForRates(): Promise<MarketForRates[]> {
  return [];
}
