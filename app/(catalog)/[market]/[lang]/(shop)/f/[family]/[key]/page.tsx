// A product family's page (/f/steam-game-card?region=EU&value=20): one brand's product, with the
// region and the value as choices kept in the URL; without a region, the shopper's own, from the
// countries proxy.ts read from their request. A cached catalog page
// (docs/storefront.md#cached-catalog-pages): proxy.ts rewrites the choices into `key`.
import type { Metadata } from "next";
import { notFoundMetadata } from "../../../_components/not-found-metadata";
import { notFound } from "next/navigation";
import { cache } from "react";
import { verifyAccountAction } from "@/lib/orders/checkout/checkout-actions";
import { FamilyView } from "@/components/shop/family-view";
import { cachedDisplayPricing, cachedMarketOffer, catalogAlternates } from "@/lib/catalog/cache/market-page";
import { cachedFamilyPage } from "@/lib/catalog/cache/page-tags";
import { familyPageInMarket } from "@/lib/catalog/market-display";
import { getTranslations } from "next-intl/server";
import { typeWords } from "@/components/shop/type-words";
import { parseFamilyKey } from "@/lib/catalog/page-key";
import { decodeSegment } from "@/lib/catalog/route-segment";
import { renderInLanguage } from "@/lib/i18n/request-locale";
import { placeholderParams } from "@/lib/catalog/build-placeholder";

type Props = { params: Promise<{ market: string; lang: string; family: string; key: string }> };

// Rendered on first request (at build only the placeholder path: the build has no catalog), then
// kept until something it shows changes: a catalog or market change, or the clock passing an
// offer's end or a rate's age limit (docs/storefront.md#what-drops-a-cached-page).
export const generateStaticParams = () => placeholderParams("family", "key");

// The regions it switches between are those the market offers (docs/markets.md#the-products-a-market-offers).
const load = cache(async (market: string, segment: string, key: string) => {
  const choice = parseFamilyKey(key);
  if (!choice) return null;
  const { countries, ...sel } = choice;
  const offer = await cachedMarketOffer(market);
  return cachedFamilyPage(decodeSegment(segment), { ...sel, preferredCountries: countries, offer });
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { market, lang, family, key } = await params;
  const page = await load(market, family, key);
  if (!page) return notFoundMetadata(lang);
  const t = await getTranslations({ locale: lang, namespace: "catalog" });
  return {
    title: `${page.name} ${typeWords(t, page.productType)}`,
    description: page.selected?.description.slice(0, 160) ?? `${page.name}: choose a region and a value.`,
    alternates: await catalogAlternates(market, lang, `/f/${encodeURIComponent(page.slug)}`),
  };
}

export default async function FamilyPageRoute({ params }: Props) {
  const { market, lang, family, key } = await params;
  renderInLanguage(lang);
  const [page, pricing] = await Promise.all([load(market, family, key), cachedDisplayPricing(market)]);
  if (!page) notFound();
  return <FamilyView page={familyPageInMarket(page, pricing)} verify={verifyAccountAction} />;
}
