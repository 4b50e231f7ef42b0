// A SKU's own page (/p/STEAM-EU-20): kept for links, search engines and the cart, which work by
// item code. It shows the SKU's family page with the SKU's region, value and edition chosen. A
// cached catalog page (docs/storefront.md#cached-catalog-pages).
import type { Metadata } from "next";
import { notFoundMetadata } from "../../_components/not-found-metadata";
import { notFound } from "next/navigation";
import { cache } from "react";
import { verifyAccountAction } from "@/lib/orders/checkout/checkout-actions";
import { FamilyView } from "@/components/shop/family-view";
import { cachedDisplayPricing, cachedMarketOffer, catalogAlternates } from "@/lib/catalog/cache/market-page";
import { cachedSkuPage } from "@/lib/catalog/cache/page-tags";
import { familyPageInMarket } from "@/lib/catalog/market-display";
import { findBySegment } from "@/lib/catalog/route-segment";
import { renderInLanguage } from "@/lib/i18n/request-locale";
import { placeholderParams } from "@/lib/catalog/build-placeholder";

type Props = { params: Promise<{ market: string; lang: string; itemCode: string }> };

// Rendered on first request (at build only the placeholder path: the build has no catalog), then
// kept until something it shows changes: a catalog or market change, or the clock passing an
// offer's end or a rate's age limit (docs/storefront.md#what-drops-a-cached-page).
export const generateStaticParams = () => placeholderParams("itemCode");

// Only a product the market offers has a page in it (docs/markets.md#the-products-a-market-offers).
const loadSku = cache(async (market: string, segment: string) => {
  const offer = await cachedMarketOffer(market);
  return findBySegment(segment, (code) => cachedSkuPage(code, offer));
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { market, lang, itemCode } = await params;
  const page = await loadSku(market, itemCode);
  const product = page?.selected;
  if (!page || !product) return notFoundMetadata(lang);
  // Its alternates name only the markets that offer it.
  const offered = { region: page.region, countries: product.countries };
  return {
    title: product.productName,
    description: product.description.slice(0, 160),
    alternates: await catalogAlternates(market, lang, `/p/${encodeURIComponent(product.itemCode)}`, offered),
  };
}

export default async function ProductPage({ params }: Props) {
  const { market, lang, itemCode } = await params;
  renderInLanguage(lang);
  const [page, pricing] = await Promise.all([loadSku(market, itemCode), cachedDisplayPricing(market)]);
  if (!page) notFound();
  return <FamilyView page={familyPageInMarket(page, pricing)} verify={verifyAccountAction} />;
}
