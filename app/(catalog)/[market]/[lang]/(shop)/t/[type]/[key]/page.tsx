// A product type's listing (/t/gift_card?brand=Steam&page=2). A cached catalog page
// (docs/storefront.md#cached-catalog-pages): proxy.ts rewrites the query into `key`
// (lib/catalog/page-key.ts), and a change to the type's products drops it.
import type { Metadata } from "next";
import { notFoundMetadata } from "../../../_components/not-found-metadata";
import { notFound } from "next/navigation";
import { listingPath } from "@/lib/markets/alternates";
import { catalogAlternates } from "@/lib/catalog/cache/market-page";
import { ListingPage } from "../../../_components/listing-page";
import { parseListingKey } from "@/lib/catalog/page-key";
import { getTranslations } from "next-intl/server";
import { typeWords } from "@/components/shop/type-words";
import { isShopperProductType } from "@/lib/catalog/product-types";
import { renderInLanguage } from "@/lib/i18n/request-locale";
import { placeholderParams } from "@/lib/catalog/build-placeholder";

type Props = { params: Promise<{ market: string; lang: string; type: string; key: string }> };

// Rendered on first request (at build only the placeholder path: the build has no catalog), then
// kept until something it shows changes: a catalog or market change, or the clock passing an
// offer's end or a rate's age limit (docs/storefront.md#what-drops-a-cached-page).
export const generateStaticParams = () => placeholderParams("type", "key");

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { market, lang, type, key } = await params;
  if (!isShopperProductType(type)) return notFoundMetadata(lang);
  const t = await getTranslations({ locale: lang, namespace: "catalog" });
  return {
    title: typeWords(t, type),
    alternates: await catalogAlternates(market, lang, listingPath(`/t/${type}`, parseListingKey(key, ["type"])?.page)),
  };
}

export default async function ProductTypePage({ params }: Props) {
  const { market, lang, type, key } = await params;
  renderInLanguage(lang);
  const filters = parseListingKey(key, ["type"]);
  if (!isShopperProductType(type) || !filters) notFound();
  const t = await getTranslations({ locale: lang, namespace: "catalog" });
  return (
    <ListingPage
      market={market}
      lang={lang}
      title={typeWords(t, type)}
      path={`/t/${type}`}
      params={filters}
      scope={{ productType: type }}
      hide={["type"]}
    />
  );
}
