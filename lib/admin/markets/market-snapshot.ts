// A market as plain JSON for the audit log (decimals and dates as strings, lists parsed), and the
// fields an edit changed, so the audit row says what changed without a diff by eye.
import type { MarketRow } from "@/lib/markets/market";
import { toMarket } from "@/lib/markets/market";

export type MarketSnapshot = Record<string, string | number | boolean | string[] | null>;

/** The audited view of a stored market. */
export function marketSnapshot(row: MarketRow): MarketSnapshot {
  const m = toMarket(row);
  return {
    id: m.id,
    slug: m.slug,
    name: m.name,
    countries: m.countries,
    currency: m.currency,
    defaultLanguage: m.defaultLanguage,
    otherLanguages: m.languages.slice(1),
    rateSource: m.rateSource,
    manualRate: m.manualRate.toString(),
    manualRateSetAt: m.manualRateSetAt.toISOString(),
    rateMaxAgeHours: m.rateMaxAgeHours,
    fxBufferPercent: m.fxBufferPercent.toString(),
    priceAdjustmentPercent: m.priceAdjustmentPercent?.toString() ?? null,
    roundingKind: m.rounding.kind,
    roundingValue: m.rounding.kind === "none" ? null : m.rounding.value.toString(),
    productRegions: m.productRegions,
    enabled: m.enabled,
    isDefault: m.isDefault,
    position: m.position,
  };
}

/** Names of the fields whose audited value differs (every field for a new market); the rate's timestamp is not a choice. */
export function changedFields(before: MarketRow | null, after: MarketRow): string[] {
  const a = marketSnapshot(after);
  if (!before) return Object.keys(a).filter((k) => k !== "id" && k !== "manualRateSetAt");
  const b = marketSnapshot(before);
  return Object.keys(a).filter((k) => k !== "manualRateSetAt" && JSON.stringify(a[k]) !== JSON.stringify(b[k]));
}
