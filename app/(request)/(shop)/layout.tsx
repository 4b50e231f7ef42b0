import { ShopChrome } from "@/components/shop/shop-chrome";
import { requestMarket } from "@/lib/markets/request-market";

// The chrome's links keep the prefix of the URL the page was reached by (docs/markets.md#urls).
export default async function RequestShopLayout({ children }: { children: React.ReactNode }) {
  const { prefix } = await requestMarket();
  return <ShopChrome prefix={prefix}>{children}</ShopChrome>;
}
