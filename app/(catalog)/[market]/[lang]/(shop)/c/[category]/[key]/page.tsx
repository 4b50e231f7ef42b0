// A category's listing (/c/games?page=2). A cached catalog page
// (docs/storefront.md#cached-catalog-pages): proxy.ts rewrites the query into `key`.
import type { Metadata } from "next";
import { notFoundMetadata } from "../../../_components/not-found-metadata";
import { notFound } from "next/navigation";
import { listingPath } from "@/lib/markets/alternates";
import { cachedMarketOffer, catalogAlternates } from "@/lib/catalog/cache/market-page";
import { renderInLanguage } from "@/lib/i18n/request-locale";
import { cache } from "react";
import { ListingPage } from "../../../_components/listing-page";
import { cachedShelf } from "@/lib/catalog/cache/page-tags";
import { parseListingKey } from "@/lib/catalog/page-key";
import { findBySegment } from "@/lib/catalog/route-segment";
import { placeholderParams } from "@/lib/catalog/build-placeholder";

type Props = { params: Promise<{ market: string; lang: string; category: string; key: string }> };

// Rendered on first request (at build only the placeholder path: the build has no catalog), then
// kept until something it shows changes: a catalog or market change, or the clock passing an
// offer's end or a rate's age limit (docs/storefront.md#what-drops-a-cached-page).
export const generateStaticParams = () => placeholderParams("category", "key");

// A category page exists in a market while the market offers one of its products.
const loadCategory = cache(async (market: string, segment: string) => {
  const offer = await cachedMarketOffer(market);
  return findBySegment(segment, (slug) => cachedShelf("category", slug, offer));
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { market, lang, category: segment, key } = await params;
  const category = await loadCategory(market, segment);
  if (!category) return notFoundMetadata(lang);
  return {
    title: category.name,
    alternates: await catalogAlternates(
      market,
      lang,
      listingPath(`/c/${encodeURIComponent(category.slug)}`, parseListingKey(key)?.page),
    ),
  };
}

export default async function CategoryPage({ params }: Props) {
  const { market, lang, category: segment, key } = await params;
  renderInLanguage(lang);
  const category = await loadCategory(market, segment);
  const filters = parseListingKey(key);
  if (!category || !filters) notFound();
  const path = `/c/${encodeURIComponent(category.slug)}`;
  return (
    <ListingPage
      market={market}
      lang={lang}
      title={category.name}
      path={path}
      params={filters}
      scope={{ categoryId: category.id }}
    />
  );
}
