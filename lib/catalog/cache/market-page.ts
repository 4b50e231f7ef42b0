// The market a cached catalog page is rendered for (docs/markets.md#urls), read with "use cache"
// and tagged `market:<slug>`, so a page carries its market's tag and an owner's edit of the
// market or a new rate drops it (lib/catalog/cache/page-invalidation.ts).
import "server-only";
import { cacheLife, cacheTag } from "next/cache";
import { getDefaultMarket, getMarketBySlug } from "@/lib/markets/lookup";

/** The tag of everything a market's pages show in its currency and languages. */
export const marketTag = (slug: string) => `market:${slug}`;

/** What a catalog page needs of its market: plain values, as a cached read returns. */
export type CatalogMarket = {
  slug: string;
  name: string;
  currency: string;
  country: string | null;
  languages: string[];
  isDefault: boolean;
};

/** An enabled market by its slug, or null (an unknown slug follows every market: it may appear). */
export async function cachedCatalogMarket(slug: string): Promise<CatalogMarket | null> {
  "use cache";
  cacheLife("minutes");
  cacheTag(marketTag(slug), "markets");
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
  };
}
