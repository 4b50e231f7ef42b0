import { SiteFooter } from "@/components/shop/site-footer";
import { SiteHeader } from "@/components/shop/site-header";
import { listProductTypes } from "@/lib/catalog/queries";
import { footerPages } from "@/lib/content/pages";
import { env } from "@/lib/env";

// Storefront chrome: skip link, header (search, type nav, cart), main landmark, footer.
export default async function ShopLayout({ children }: { children: React.ReactNode }) {
  const types = await listProductTypes();
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-brand-700 focus:shadow"
      >
        Skip to content
      </a>
      <SiteHeader shopName={env.SHOP_NAME} types={types} />
      <main id="main" tabIndex={-1} className="min-h-[60vh] focus:outline-none">
        {children}
      </main>
      <SiteFooter shopName={env.SHOP_NAME} links={footerPages.map((p) => ({ href: `/${p.slug}`, label: p.label }))} />
    </>
  );
}
