// The demo's markets, created by `npm run setup` (lib/seed.ts): the United States (default, the
// wallet currency) and four others at clearly labelled DEMO manual rates. Idempotent: a market
// that exists is never overwritten, and a default is added only when there is none
// (docs/markets.md#the-demo-markets).
import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { Decimal } from "@/lib/pricing/decimal";
import { invalidateMarkets } from "./lookup";

type DemoMarket = {
  slug: string;
  name: string;
  countries: string[];
  currency: string;
  languages: string[];
  /** A DEMO rate (market units per USD, rounded): not a quote; set a real one before going live. */
  demoRate: string;
  rounding: { kind: "none" | "up-to-step" | "ending"; value: string | null };
};

export const demoMarkets: DemoMarket[] = [
  {
    slug: "us",
    name: "United States",
    countries: ["US"],
    currency: "USD",
    languages: ["en"],
    demoRate: "1",
    rounding: { kind: "none", value: null },
  },
  {
    slug: "id",
    name: "Indonesia",
    countries: ["ID"],
    currency: "IDR",
    languages: ["id", "en"],
    demoRate: "16500",
    rounding: { kind: "up-to-step", value: "500" },
  },
  {
    slug: "br",
    name: "Brazil",
    countries: ["BR"],
    currency: "BRL",
    languages: ["pt-BR"],
    demoRate: "5.35",
    rounding: { kind: "ending", value: "0.90" },
  },
  {
    slug: "es",
    name: "Spain",
    countries: ["ES"],
    currency: "EUR",
    languages: ["es", "en"],
    demoRate: "0.86",
    rounding: { kind: "ending", value: "0.99" },
  },
  {
    slug: "sa",
    name: "Saudi Arabia",
    countries: ["SA"],
    currency: "SAR",
    languages: ["ar", "en"],
    demoRate: "3.75",
    rounding: { kind: "none", value: null },
  },
];

/** True when a market still sells at the rate setup gave it (the admin labels it "demo rate"). */
export function hasDemoRate(market: { slug: string; currency: string; manualRate: { toString(): string } }): boolean {
  const demo = demoMarkets.find((d) => d.slug === market.slug && d.currency === market.currency);
  return (
    demo !== undefined &&
    demo.currency !== env.SHOP_CURRENCY &&
    new Decimal(demo.demoRate).equals(market.manualRate.toString())
  );
}

/**
 * Creates the demo markets that are missing. The demo rates are against USD, so with another
 * wallet currency only a default market in that currency is created.
 */
export async function seedMarkets(now: Date = new Date()): Promise<{ created: string[] }> {
  const wallet = env.SHOP_CURRENCY;
  const wanted =
    wallet === "USD"
      ? demoMarkets
      : [{ ...demoMarkets[0], slug: "default", name: "Default", countries: [], currency: wallet }];
  const created = await db.$transaction(async (tx) => {
    const out: string[] = [];
    let hasDefault = (await tx.market.count({ where: { isDefault: true } })) > 0;
    for (const [i, m] of wanted.entries()) {
      if (await tx.market.findUnique({ where: { slug: m.slug }, select: { id: true } })) continue;
      const isDefault = m.currency === wallet && !hasDefault;
      hasDefault ||= isDefault;
      await tx.market.create({
        data: {
          slug: m.slug,
          name: m.name,
          countries: JSON.stringify(m.countries),
          currency: m.currency,
          defaultLanguage: m.languages[0],
          otherLanguages: JSON.stringify(m.languages.slice(1)),
          rateSource: "manual",
          manualRate: m.demoRate,
          manualRateSetAt: now,
          // A demo's manual rate is trusted for 30 days; the default's never ages (rate 1).
          rateMaxAgeHours: 720,
          fxBufferPercent: m.currency === wallet ? "0" : "2",
          roundingKind: m.rounding.kind,
          roundingValue: m.rounding.value,
          enabled: true,
          isDefault,
          position: i * 10,
        },
      });
      out.push(m.slug);
    }
    return out;
  });
  invalidateMarkets();
  return { created };
}
