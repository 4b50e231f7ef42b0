import { notFound } from "next/navigation";
import { ListingView } from "@/components/shop/listing-view";
import type { BrowseParams } from "@/lib/catalog/browse-params";
import type { BrowseScope } from "@/lib/catalog/catalog-where";
import { cachedCatalogMarket, cachedDisplayPricing } from "@/lib/catalog/cache/market-page";
import { cachedListing } from "@/lib/catalog/cache/page-tags";
import { tilesInMarket } from "@/lib/catalog/market-display";
import { marketPrefix } from "@/lib/http/market-url";

type Props = {
  /** The market whose currency the prices are shown in (docs/markets.md#urls). */
  market: string;
  /** The page's language: with the market, the prefix its filter, sort and page links keep. */
  lang: string;
  title: string;
  intro?: string;
  /** The page's public path without its market prefix, which its filter, sort and page links add their query to. */
  path: string;
  params: BrowseParams;
  scope?: BrowseScope;
  hide?: ("type" | "brand")[];
};

/**
 * A listing (tiles, counts, facets, pages) of a cached catalog page: read through the tagged
 * cache (lib/catalog/cache/page-tags.ts) and rendered whole, so the page kept in the page cache
 * is complete and a change to its scope drops it. It lists what the page's market offers.
 */
export async function ListingPage({ market, lang, path, params, scope = {}, ...view }: Props) {
  const [pricing, shown] = await Promise.all([cachedDisplayPricing(market), cachedCatalogMarket(market)]);
  if (!shown) notFound();
  // Only the products the market offers (docs/markets.md#the-products-a-market-offers).
  const data = await cachedListing(params, { ...scope, offer: shown.offer });
  if (!data) notFound();
  const prefix = marketPrefix(shown, lang);
  const listing = { ...data.listing, items: tilesInMarket(data.listing.items, pricing) };
  return <ListingView {...view} path={prefix + path} params={params} listing={listing} facets={data.facets} />;
}
