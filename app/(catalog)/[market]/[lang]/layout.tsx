// The root of the catalog pages every visitor shares, one tree per market and language
// (docs/markets.md#urls): proxy.ts rewrites a public URL (`/id/en/t/gift_card`) to this tree's
// path (`/id/en/t/gift_card/_`). Rendered once per market, language and page, kept in the page
// cache with their hash-based policy (lib/http/page-cache) and rendered again when the catalog or
// the market changes what they show (docs/storefront.md#cached-catalog-pages). Nothing here reads
// the request: the market and language come from the path.
import { notFound } from "next/navigation";
import { MarketCookie } from "@/components/shop/market-cookie";
import { MarketPathProvider } from "@/components/shop/market-path";
import { placeholderParams } from "@/lib/catalog/build-placeholder";
import { marketPrefix } from "@/lib/http/market-url";
import { cachedCatalogMarket } from "@/lib/catalog/cache/market-page";
import { directionOf, isLocale } from "@/lib/i18n/locales";
import { renderInLanguage } from "@/lib/i18n/request-locale";
import { RootDocument, rootMetadata, rootViewport } from "../../../_document/root-document";
// Only the classes catalog pages can render (docs/storefront.md#speed-on-phones).
import "../../../catalog.css";

export const viewport = rootViewport;

// Only the placeholder path is rendered at build (the build has no database); each market and
// language on its first request.
export const generateStaticParams = () => placeholderParams("market", "lang");

type Props = { children: React.ReactNode; params: Promise<{ market: string; lang: string }> };

export async function generateMetadata({ params }: Pick<Props, "params">) {
  return rootMetadata((await params).lang);
}

export default async function CatalogRootLayout({ children, params }: Props) {
  const { market: slug, lang } = await params;
  const market = await cachedCatalogMarket(slug);
  if (!market || !isLocale(lang) || !market.languages.includes(lang)) notFound();
  renderInLanguage(lang);
  return (
    <RootDocument lang={lang} dir={directionOf(lang)} root="catalog">
      <MarketCookie market={market.slug} />
      <MarketPathProvider market={market.slug} prefix={marketPrefix(market, lang)}>
        {children}
      </MarketPathProvider>
    </RootDocument>
  );
}
