import { SiteFooter } from "@/components/shop/site-footer";
import { SiteHeader } from "@/components/shop/site-header";
import { cachedNavTypes } from "@/lib/catalog/cache/page-tags";
import { footerPages } from "@/lib/content/pages";
import { env } from "@/lib/env";
import { getTranslations } from "next-intl/server";

// Storefront chrome: skip link, header (search, type nav, cart), main landmark, footer. The same on
// cached catalog pages and pages rendered per request: nothing in it is personal (the cart count
// is read in the browser). Its links keep the page's market prefix (docs/markets.md#urls).
export async function ShopChrome({ children, prefix = "" }: { children: React.ReactNode; prefix?: string }) {
  const [types, t, tFooter] = await Promise.all([
    cachedNavTypes(),
    getTranslations("header"),
    getTranslations("footer"),
  ]);
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-brand-700 focus:shadow"
      >
        {t("skip")}
      </a>
      <SiteHeader shopName={env.SHOP_NAME} types={types} prefix={prefix} />
      <main id="main" tabIndex={-1} className="min-h-[60vh] focus:outline-none">
        {children}
      </main>
      <SiteFooter
        shopName={env.SHOP_NAME}
        prefix={prefix}
        links={footerPages.map((p) => ({ href: `/${p.slug}`, label: tFooter(`pages.${p.slug}`) }))}
      />
    </>
  );
}
