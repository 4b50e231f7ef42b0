import { notFound } from "next/navigation";
import { ListingView } from "@/components/shop/listing-view";
import type { BrowseParams } from "@/lib/catalog/browse-params";
import type { BrowseScope } from "@/lib/catalog/catalog-where";
import { cachedListing } from "@/lib/catalog/cache/page-tags";

type Props = {
  title: string;
  intro?: string;
  /** The page's public path, which its filter, sort and page links add their query to. */
  path: string;
  params: BrowseParams;
  scope?: BrowseScope;
  hide?: ("type" | "brand")[];
};

/**
 * A listing (tiles, counts, facets, pages) of a cached catalog page: read through the tagged
 * cache (lib/catalog/cache/page-tags.ts) and rendered whole, so the page kept in the page cache
 * is complete and a change to its scope drops it.
 */
export async function ListingPage({ params, scope = {}, ...view }: Props) {
  const data = await cachedListing(params, scope);
  if (!data) notFound();
  return <ListingView {...view} params={params} listing={data.listing} facets={data.facets} />;
}
