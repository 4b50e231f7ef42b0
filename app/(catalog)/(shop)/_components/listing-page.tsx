import { Suspense } from "react";
import { ListingSkeleton } from "@/components/shop/listing-skeleton";
import { ListingView } from "@/components/shop/listing-view";
import type { BrowseParams } from "@/lib/catalog/browse-params";
import type { BrowseScope } from "@/lib/catalog/catalog-where";
import { loadListingPage, readListingStamp } from "@/lib/catalog/queries";

type Props = {
  title: string;
  intro?: string;
  path: string;
  params: BrowseParams;
  scope?: BrowseScope;
  hide?: ("type" | "brand")[];
};

/**
 * The rendered listing (tiles, counts, facets, pages), cached with Next's "use cache" under the
 * stamp of what it shows: the version of its page's scope, or the catalog version for a search
 * (lib/catalog/cache). A new stamp is a new entry, so an older listing is never served.
 */
// `stamp` is never read here: it is part of the cache key, with every other prop.
async function CachedListing({ stamp: _stamp, params, scope, ...view }: Props & { stamp: number }) {
  "use cache";
  const { listing, facets } = await loadListingPage(params, scope);
  return <ListingView {...view} params={params} listing={listing} facets={facets} />;
}

async function ListingData({ params, scope = {}, ...view }: Props) {
  const { stamp, params: keyed, scope: keyedScope } = await readListingStamp(params, scope);
  return <CachedListing {...view} stamp={stamp} params={keyed} scope={keyedScope} />;
}

/**
 * Streams a listing behind a skeleton. Pages resolve their category/brand/type before this, so an
 * unknown one still answers with a real 404 status (a route-level loading.tsx would send 200 first).
 */
export function ListingSection(props: Props) {
  return (
    <Suspense key={JSON.stringify(props.params)} fallback={<ListingSkeleton />}>
      <ListingData {...props} />
    </Suspense>
  );
}
