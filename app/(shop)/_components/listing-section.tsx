import { Suspense } from "react";
import { ListingSkeleton } from "@/components/shop/listing-skeleton";
import { ListingView } from "@/components/shop/listing-view";
import type { BrowseParams } from "@/lib/catalog/browse-params";
import type { BrowseScope } from "@/lib/catalog/catalog-where";
import { getBrowseFacets, listFamilies } from "@/lib/catalog/queries";

type Props = { title: string; intro?: string; path: string; params: BrowseParams; scope?: BrowseScope; hide?: ("type" | "brand")[] };

async function ListingData({ params, scope, ...view }: Props) {
  const listing = await listFamilies(params, scope);
  const facets = await getBrowseFacets(params, scope);
  return <ListingView {...view} params={params} listing={listing} facets={facets} />;
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
