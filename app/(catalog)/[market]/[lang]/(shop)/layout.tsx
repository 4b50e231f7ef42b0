import { ShopChrome } from "@/components/shop/shop-chrome";
import { cachedCatalogMarket } from "@/lib/catalog/cache/market-page";
import { marketPrefix } from "@/lib/http/market-url";

type Props = { children: React.ReactNode; params: Promise<{ market: string; lang: string }> };

// The chrome's links keep the page's market prefix (docs/markets.md#urls); the root layout has
// already refused a market or language that does not exist.
export default async function CatalogShopLayout({ children, params }: Props) {
  const { market: slug, lang } = await params;
  const market = await cachedCatalogMarket(slug);
  return <ShopChrome prefix={market ? marketPrefix(market, lang) : ""}>{children}</ShopChrome>;
}
