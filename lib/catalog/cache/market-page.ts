// The market a cached catalog page is rendered for (docs/markets.md#urls), read with "use cache"
// and tagged `market:<slug>` and `markets`, so a page carries its market's tags and an owner's
// edit of a market or a new rate drops it on every instance (market-invalidation.ts), as does
// the clock passing its rate's age limit (time-boundaries.ts). Their cache life is the default
// (next.config.mjs): nothing they show changes but by those.
import "server-only";
import { cacheTag } from "next/cache";
import { env } from "@/lib/env";
import { alternatesOf, countryOf, type AlternateMarket } from "@/lib/markets/alternates";
import { builtInDefaultMarket, getDefaultMarket, getMarketBySlug, listMarkets } from "@/lib/markets/lookup";
import { marketPricing } from "@/lib/markets/market";
import { offerOf, offersProduct, type ProductOffer } from "@/lib/markets/offer";
import { rateFor } from "@/lib/markets/rates/rate-for";
import { toUrlMarket } from "@/lib/markets/url-markets";
import { Decimal } from "@/lib/pricing/decimal";
import type { DisplayPricing } from "../market-display";
import { perVisitorTag } from "@/lib/http/page-cache/cached-paths.cjs";
import { marketsTag, marketTag } from "./page-tag-names";

export { marketTag };

/** What a catalog page needs of its market: plain values, as a cached read returns. */
export type CatalogMarket = {
  slug: string;
  name: string;
  currency: string;
  country: string | null;
  languages: string[];
  isDefault: boolean;
  /** The products it offers (docs/markets.md#the-products-a-market-offers); null: every product. */
  offer: ProductOffer;
};

/** An enabled market by its slug, or null (an unknown slug follows every market: it may appear). */
export async function cachedCatalogMarket(slug: string): Promise<CatalogMarket | null> {
  "use cache";
  cacheTag(marketTag(slug), marketsTag);
  if (process.env.NEXT_PHASE === "phase-production-build") return null;
  // The default market is always there, the built-in one before setup stores any.
  const fallback = await getDefaultMarket();
  const m = (await getMarketBySlug(slug)) ?? (fallback.slug === slug ? fallback : null);
  if (!m) return null;
  return {
    slug: m.slug,
    name: m.name,
    currency: m.currency,
    country: m.countries[0] ?? null,
    languages: m.languages,
    isDefault: m.isDefault,
    offer: offerOf(m),
  };
}

/** The products a market's pages show: its offer (absent: every product, as for an unknown market, which 404s anyway). */
export async function cachedMarketOffer(slug: string): Promise<ProductOffer | undefined> {
  return (await cachedCatalogMarket(slug))?.offer ?? undefined;
}

/**
 * Whether a home page is the one "/" serves (the default market in its default language), which
 * answers each shopper by cookie and headers; it is then tagged so that the page cache keeps it
 * for the app but no shared cache stores it (docs/markets.md#urls).
 */
export async function cachedIsPerVisitorHome(slug: string, lang: string): Promise<boolean> {
  "use cache";
  cacheTag(marketTag(slug), marketsTag);
  const market = await cachedCatalogMarket(slug);
  const atRoot = market !== null && market.isDefault && market.languages[0] === lang;
  if (atRoot) cacheTag(perVisitorTag);
  return atRoot;
}

/**
 * The market's pricing for a catalog page, tagged with the market: null when it sells in the
 * wallet currency unchanged, or when its rate is out of date (the page then shows wallet prices,
 * as checkout refuses to sell at a stale rate: lib/orders/quote/market-quote.ts).
 */
export async function cachedDisplayPricing(slug: string): Promise<DisplayPricing | null> {
  "use cache";
  cacheTag(marketTag(slug), marketsTag);
  if (process.env.NEXT_PHASE === "phase-production-build") return null;
  const fallback = await getDefaultMarket();
  const m = (await getMarketBySlug(slug)) ?? (fallback.slug === slug ? fallback : null);
  if (!m) return null;
  const found = await rateFor(m, new Date());
  if (found.status !== "ok") return null;
  const p = marketPricing(m, found.rate);
  const neutral =
    p.currency === env.SHOP_CURRENCY &&
    new Decimal(p.rate).equals(1) &&
    new Decimal(p.fxBufferPercent).isZero() &&
    (p.priceAdjustmentPercent === null || new Decimal(p.priceAdjustmentPercent).isZero()) &&
    p.rounding.kind === "none";
  if (neutral) return null;
  return {
    currency: p.currency,
    rate: new Decimal(p.rate).toFixed(),
    fxBufferPercent: new Decimal(p.fxBufferPercent).toFixed(),
    priceAdjustmentPercent: p.priceAdjustmentPercent === null ? null : new Decimal(p.priceAdjustmentPercent).toFixed(),
    rounding: { kind: p.rounding.kind, value: p.rounding.kind === "none" ? null : p.rounding.value.toFixed() },
  };
}

/** The enabled markets as a page's alternates name them, with what each offers, tagged like every market read. */
export async function cachedAlternateMarkets(): Promise<(AlternateMarket & { offer: ProductOffer })[]> {
  "use cache";
  cacheTag(marketsTag);
  if (process.env.NEXT_PHASE === "phase-production-build") return [];
  const enabled = (await listMarkets()).filter((m) => m.enabled);
  if (!enabled.some((m) => m.isDefault)) enabled.unshift(builtInDefaultMarket());
  return enabled.map((m) => ({ ...toUrlMarket(m), country: countryOf(m), offer: offerOf(m) }));
}

/**
 * Next metadata `alternates` of a catalog page's path ("/p/X") in its market and language; a
 * product page's (`product`) name only the markets that offer the product.
 */
export async function catalogAlternates(
  market: string,
  lang: string,
  path: string,
  product?: { region: string; countries: string[] },
) {
  const markets = (await cachedAlternateMarkets()).filter((m) => !product || offersProduct(m.offer, product));
  return alternatesOf(path, { market, lang }, markets, env.APP_URL);
}
