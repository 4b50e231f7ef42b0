// Finding a market: by its URL segment, by a shopper's country, or the default. Markets change
// rarely, so every process keeps the whole list for a minute and drops it when an owner saves one
// here; another instance sees the edit within that minute (docs/markets.md#lookup-and-caching).
import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { toMarket, type Market } from "./market";

const ttlMs = () => (env.NODE_ENV === "test" ? 0 : 60_000);
let cached: { expires: number; value: Promise<Market[]> } | null = null;

/** Every market, enabled or not, in the owners' order (position, then name). */
export function listMarkets(now: number = Date.now()): Promise<Market[]> {
  if (cached && cached.expires > now) return cached.value;
  const value = db.market
    .findMany({ orderBy: [{ position: "asc" }, { name: "asc" }] })
    .then((rows) => rows.map(toMarket));
  const entry = { expires: now + ttlMs(), value };
  cached = entry;
  value.catch(() => {
    if (cached === entry) cached = null;
  });
  return value;
}

/** Drops this process's copy; called after every owner's change. */
export function invalidateMarkets(): void {
  cached = null;
}

/** The market always present: today's shop in the wallet currency and English, until setup stores one. */
export const builtInDefaultMarket = (): Market => ({
  ...toMarket({
    id: "default",
    slug: "us",
    name: "Default",
    countries: "[]",
    currency: env.SHOP_CURRENCY,
    defaultLanguage: "en",
    otherLanguages: "[]",
    rateSource: "manual",
    manualRate: 1,
    manualRateSetAt: new Date(0),
    rateMaxAgeHours: 24 * 365,
    fxBufferPercent: 0,
    priceAdjustmentPercent: null,
    roundingKind: "none",
    roundingValue: null,
    productRegions: null,
    enabled: true,
    isDefault: true,
    position: 0,
    updatedAt: new Date(0),
  }),
});

/** The default market (never disabled); the built-in one before setup has stored any. */
export async function getDefaultMarket(): Promise<Market> {
  const markets = await listMarkets();
  return markets.find((m) => m.isDefault) ?? builtInDefaultMarket();
}

/** An enabled market by its URL segment, or null. */
export async function getMarketBySlug(slug: string): Promise<Market | null> {
  const key = slug.toLowerCase();
  return (await listMarkets()).find((m) => m.enabled && m.slug === key) ?? null;
}

/** The first enabled market (in the owners' order) that serves a country, or null. */
export async function getMarketForCountry(country: string): Promise<Market | null> {
  const code = country.toUpperCase();
  return (await listMarkets()).find((m) => m.enabled && m.countries.includes(code)) ?? null;
}
