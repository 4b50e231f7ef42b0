// Search results (/search?q=steam+wallet). A cached catalog page
// (docs/storefront.md#cached-catalog-pages): proxy.ts rewrites the normalised query into `key`;
// any catalog change drops it (typo correction reads the whole catalog's words).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ListingPage } from "../../_components/listing-page";
import { parseListingKey } from "@/lib/catalog/page-key";
import { toSearchLanguage } from "@/lib/catalog/search/languages";
import { renderInLanguage } from "@/lib/i18n/request-locale";
import { placeholderParams } from "@/lib/catalog/build-placeholder";

type Props = { params: Promise<{ market: string; lang: string; key: string }> };

// Rendered on first request (at build only the placeholder path: the build has no catalog), then
// kept until something it shows changes: a catalog or market change, or the clock passing an
// offer's end or a rate's age limit (docs/storefront.md#what-drops-a-cached-page).
export const generateStaticParams = () => placeholderParams("key");

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { lang, key } = await params;
  const q = parseListingKey(key)?.q;
  const t = await getTranslations({ locale: lang, namespace: "searchPage" });
  return { title: q ? t("title", { query: q }) : t("allProducts"), robots: { index: false } };
}

export default async function SearchPage({ params }: Props) {
  const { market, lang, key } = await params;
  renderInLanguage(lang);
  const filters = parseListingKey(key);
  if (!filters) notFound();
  const t = await getTranslations({ locale: lang, namespace: "searchPage" });
  return (
    // Words are read in the page's language: its synonyms, then the English ones (docs/markets.md#languages).
    <ListingPage
      market={market}
      lang={lang}
      title={filters.q ? t("resultsFor", { query: filters.q }) : t("allProducts")}
      path="/search"
      params={filters}
      scope={{ language: toSearchLanguage(lang) }}
    />
  );
}
