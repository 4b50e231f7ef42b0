import { MarketLink as Link } from "@/components/shop/market-link";
import { FamilyGrid } from "@/components/shop/family-card";
import { RecentlyViewed } from "@/components/shop/recently-viewed";
import { EmptyState } from "@/components/ui/empty-state";
import type { Metadata } from "next";
import { cachedDisplayPricing, catalogAlternates } from "@/lib/catalog/cache/market-page";
import { cachedHomeData } from "@/lib/catalog/cache/page-tags";
import { tilesInMarket } from "@/lib/catalog/market-display";
import { env } from "@/lib/env";

// Home: best sellers, recently viewed, offers, types, brands and shelves. A cached catalog page
// (docs/storefront.md#cached-catalog-pages): rendered again when the catalog changes, and at
// least every 30 s so best sellers follow sales.
export const revalidate = 30;

type Props = { params: Promise<{ market: string; lang: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { market, lang } = await params;
  return { alternates: await catalogAlternates(market, lang, "/") };
}

export default async function HomePage({ params }: { params: Promise<{ market: string }> }) {
  const [data, pricing] = await Promise.all([cachedHomeData(), cachedDisplayPricing((await params).market)]);
  const { categories } = data;
  const home = {
    ...data.home,
    bestSellers: { ...data.home.bestSellers, items: tilesInMarket(data.home.bestSellers.items, pricing) },
    offers: tilesInMarket(data.home.offers, pricing),
  };
  if (home.types.length === 0) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-10">
        <EmptyState
          title="The catalog is being prepared"
          body="Products appear here after the first catalog sync. Please check back soon."
        />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-6xl space-y-10 px-4 py-6">
      <section className="rounded-2xl bg-gradient-to-br from-brand-700 to-brand-500 px-5 py-6 text-white sm:px-10 sm:py-8">
        <h1 className="text-2xl font-bold tracking-tight sm:text-4xl">Gift cards, game cards and top-ups</h1>
        <p className="mt-2 max-w-xl text-sm text-brand-50 sm:text-base">
          Codes delivered to your screen and inbox. Top-ups go straight to the account you enter. {env.SHOP_NAME} checks
          price and stock before you pay.
        </p>
      </section>

      {home.bestSellers.items.length > 0 ? (
        <section aria-labelledby="best-heading">
          <h2 id="best-heading" className="text-xl font-bold">
            {home.bestSellers.title}
          </h2>
          <div className="mt-4">
            <FamilyGrid families={home.bestSellers.items} label={home.bestSellers.title} eagerFirst={2} />
          </div>
        </section>
      ) : null}

      <RecentlyViewed />

      {home.offers.length > 0 ? (
        <section aria-labelledby="offers-heading">
          <h2 id="offers-heading" className="text-xl font-bold">
            Offers
          </h2>
          <div className="mt-4">
            <FamilyGrid families={home.offers} label="Offers" />
          </div>
        </section>
      ) : null}

      <section aria-labelledby="types-heading">
        <h2 id="types-heading" className="text-xl font-bold">
          Shop by type
        </h2>
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {home.types.map((t) => (
            <li key={t.value}>
              <Link
                href={`/t/${t.value}`}
                className="block rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-500 hover:shadow"
              >
                <span className="block font-semibold text-slate-900">{t.label}</span>
                <span className="text-sm text-slate-600">
                  {t.count} {t.count === 1 ? "product" : "products"}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="brands-heading">
        <h2 id="brands-heading" className="text-xl font-bold">
          Featured brands
        </h2>
        <ul className="mt-4 flex flex-wrap gap-2">
          {home.featuredBrands.map((b) => (
            <li key={b.slug}>
              <Link
                href={`/b/${encodeURIComponent(b.slug)}`}
                className="block rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:border-brand-500"
              >
                {b.name}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {categories.length > 0 ? (
        <section aria-labelledby="categories-heading">
          <h2 id="categories-heading" className="text-xl font-bold">
            Categories
          </h2>
          <ul className="mt-4 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {categories.map((c) => (
              <li key={c.id}>
                <Link
                  href={`/c/${encodeURIComponent(c.slug)}`}
                  className="flex justify-between rounded-lg bg-white px-4 py-2 text-sm ring-1 ring-slate-200 hover:ring-brand-500"
                >
                  <span className="font-medium">{c.name}</span>
                  <span className="text-slate-600">{c.count}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
