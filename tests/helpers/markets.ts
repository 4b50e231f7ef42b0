// Markets written as an owner would save them (docs/markets.md#the-model), for tests that need one
// without a checkout around it.
import { db } from "@/lib/db";

export type MarketInput = {
  slug: string;
  name: string;
  currency: string;
  /** The owner's rate; with `rateSource: "feed"` it stands by while the feed's rate is used. */
  rate: string;
  rateSetAt: Date;
  rateSource?: "manual" | "feed";
  /** The countries whose products it offers by default (none: global products only). */
  countries?: string[];
  maxAgeHours?: number;
  bufferPercent?: string;
  adjustmentPercent?: string | null;
  rounding?: { kind: "none" | "up-to-step" | "ending"; value?: string };
  position?: number;
};

/** A market, enabled; a manual rate unless `rateSource` says otherwise. */
export async function createMarket(m: MarketInput) {
  return db.market.create({
    data: {
      slug: m.slug,
      name: m.name,
      countries: JSON.stringify(m.countries ?? []),
      currency: m.currency,
      rateSource: m.rateSource ?? "manual",
      manualRate: m.rate,
      manualRateSetAt: m.rateSetAt,
      rateMaxAgeHours: m.maxAgeHours ?? 720,
      fxBufferPercent: m.bufferPercent ?? "0",
      priceAdjustmentPercent: m.adjustmentPercent ?? null,
      roundingKind: m.rounding?.kind ?? "none",
      roundingValue: m.rounding?.value ?? null,
      position: m.position ?? 1,
    },
  });
}
