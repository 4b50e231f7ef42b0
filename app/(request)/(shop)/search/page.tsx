import type { Metadata } from "next";
import { ListingSection } from "../_components/listing-section";
import { parseBrowseParams } from "@/lib/catalog/browse-params";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const { q } = parseBrowseParams(await searchParams);
  return { title: q ? `Search: ${q}` : "All products", robots: { index: false } };
}

export default async function SearchPage({ searchParams }: Props) {
  const params = parseBrowseParams(await searchParams);
  return (
    // Today's shop speaks English; a market's pages will pass the market's language.
    <ListingSection
      title={params.q ? `Results for “${params.q}”` : "All products"}
      path="/search"
      params={params}
      scope={{ language: "en" }}
    />
  );
}
