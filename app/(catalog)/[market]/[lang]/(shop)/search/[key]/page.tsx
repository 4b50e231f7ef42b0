// Search results (/search?q=steam+wallet). A cached catalog page
// (docs/storefront.md#cached-catalog-pages): proxy.ts rewrites the normalised query into `key`;
// any catalog change drops it (typo correction reads the whole catalog's words).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ListingPage } from "../../_components/listing-page";
import { parseListingKey } from "@/lib/catalog/page-key";
import { renderInLanguage } from "@/lib/i18n/request-locale";

type Props = { params: Promise<{ market: string; lang: string; key: string }> };

export const revalidate = 300;
export const generateStaticParams = (): { key: string }[] => [];

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const q = parseListingKey((await params).key)?.q;
  return { title: q ? `Search: ${q}` : "All products", robots: { index: false } };
}

export default async function SearchPage({ params }: Props) {
  const { market, lang, key } = await params;
  renderInLanguage(lang);
  const filters = parseListingKey(key);
  if (!filters) notFound();
  return (
    // Today's shop speaks English; a market's pages will pass the market's language.
    <ListingPage
      market={market}
      lang={lang}
      title={filters.q ? `Results for “${filters.q}”` : "All products"}
      path="/search"
      params={filters}
      scope={{ language: "en" }}
    />
  );
}
