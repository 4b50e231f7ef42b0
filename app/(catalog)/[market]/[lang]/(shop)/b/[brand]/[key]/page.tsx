// A brand's listing (/b/steam?sort=price_asc). A cached catalog page
// (docs/storefront.md#cached-catalog-pages): proxy.ts rewrites the query into `key`.
import type { Metadata } from "next";
import { notFoundMetadata } from "../../../_components/not-found-metadata";
import { notFound } from "next/navigation";
import { listingPath } from "@/lib/markets/alternates";
import { cachedMarketOffer, catalogAlternates } from "@/lib/catalog/cache/market-page";
import { cache } from "react";
import { ListingPage } from "../../../_components/listing-page";
import { cachedShelf } from "@/lib/catalog/cache/page-tags";
import { parseListingKey } from "@/lib/catalog/page-key";
import { findBySegment } from "@/lib/catalog/route-segment";
import { renderInLanguage } from "@/lib/i18n/request-locale";
import { placeholderParams } from "@/lib/catalog/build-placeholder";

type Props = { params: Promise<{ market: string; lang: string; brand: string; key: string }> };

// Rendered on first request (at build only the placeholder path: the build has no catalog), then
// kept until something it shows changes: a catalog or market change, or the clock passing an
// offer's end or a rate's age limit (docs/storefront.md#what-drops-a-cached-page).
export const generateStaticParams = () => placeholderParams("brand", "key");

// A brand page exists in a market while the market offers one of its products.
const loadBrand = cache(async (market: string, segment: string) => {
  const offer = await cachedMarketOffer(market);
  return findBySegment(segment, (slug) => cachedShelf("brand", slug, offer));
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { market, lang, brand: segment, key } = await params;
  const brand = await loadBrand(market, segment);
  if (!brand) return notFoundMetadata(lang);
  return {
    title: brand.name,
    alternates: await catalogAlternates(
      market,
      lang,
      listingPath(`/b/${encodeURIComponent(brand.slug)}`, parseListingKey(key, ["brand"])?.page),
    ),
  };
}

export default async function BrandPage({ params }: Props) {
  const { market, lang, brand: segment, key } = await params;
  renderInLanguage(lang);
  const brand = await loadBrand(market, segment);
  const filters = parseListingKey(key, ["brand"]);
  if (!brand || !filters) notFound();
  return (
    <ListingPage
      market={market}
      lang={lang}
      title={brand.name}
      intro={`All ${brand.name} cards and top-ups`}
      path={`/b/${encodeURIComponent(brand.slug)}`}
      params={filters}
      scope={{ brandId: brand.id }}
      hide={["brand"]}
    />
  );
}
