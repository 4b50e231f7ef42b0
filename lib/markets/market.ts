// A market as the rest of the shop reads it: the stored row with its JSON lists parsed and its
// rounding rule typed, plus the pure questions asked of it (docs/markets.md#the-model).
import { Decimal } from "@/lib/pricing/decimal";
import type { MarketPricing } from "./convert";
import { toRoundingRule, type RoundingRule } from "./rounding";

/** The stored columns (Prisma's Market row, without depending on the database client). */
export type MarketRow = {
  id: string;
  slug: string;
  name: string;
  countries: string;
  currency: string;
  defaultLanguage: string;
  otherLanguages: string;
  rateSource: string;
  manualRate: Decimal.Value;
  manualRateSetAt: Date;
  rateMaxAgeHours: number;
  fxBufferPercent: Decimal.Value;
  priceAdjustmentPercent: Decimal.Value | null;
  roundingKind: string;
  roundingValue: Decimal.Value | null;
  productRegions: string | null;
  enabled: boolean;
  isDefault: boolean;
  position: number;
  updatedAt: Date;
};

export type Market = {
  id: string;
  slug: string;
  name: string;
  countries: string[];
  currency: string;
  defaultLanguage: string;
  /** Default first, then the others. */
  languages: string[];
  rateSource: "manual" | "feed";
  manualRate: Decimal;
  manualRateSetAt: Date;
  rateMaxAgeHours: number;
  fxBufferPercent: Decimal;
  priceAdjustmentPercent: Decimal | null;
  rounding: RoundingRule;
  /** Null: the market's countries' products plus global ones. */
  productRegions: string[] | null;
  enabled: boolean;
  isDefault: boolean;
  position: number;
};

function stringList(text: string | null): string[] {
  if (!text) return [];
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.filter((s): s is string => typeof s === "string") : [];
  } catch {
    return [];
  }
}

/** Parses a stored row; an unknown rounding kind prices to the charge unit rather than guessing a step. */
export function toMarket(row: MarketRow): Market {
  const others = stringList(row.otherLanguages).filter((l) => l !== row.defaultLanguage);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    countries: stringList(row.countries),
    currency: row.currency,
    defaultLanguage: row.defaultLanguage,
    languages: [row.defaultLanguage, ...others],
    rateSource: row.rateSource === "feed" ? "feed" : "manual",
    manualRate: new Decimal(row.manualRate),
    manualRateSetAt: row.manualRateSetAt,
    rateMaxAgeHours: row.rateMaxAgeHours,
    fxBufferPercent: new Decimal(row.fxBufferPercent),
    priceAdjustmentPercent: row.priceAdjustmentPercent === null ? null : new Decimal(row.priceAdjustmentPercent),
    rounding: toRoundingRule(row.roundingKind, row.roundingValue) ?? { kind: "none" },
    productRegions: row.productRegions === null ? null : stringList(row.productRegions),
    enabled: row.enabled,
    isDefault: row.isDefault,
    position: row.position,
  };
}

/** What conversion needs, at a given rate (the manual one, or the feed's: docs/markets.md#rates). */
export function marketPricing(market: Market, rate: Decimal.Value): MarketPricing {
  return {
    currency: market.currency,
    rate,
    fxBufferPercent: market.fxBufferPercent,
    priceAdjustmentPercent: market.priceAdjustmentPercent,
    rounding: market.rounding,
  };
}
