import { MarketLink as Link } from "@/components/shop/market-link";
import { getTranslations } from "next-intl/server";
import { typeWords } from "@/components/shop/type-words";
import { FamilyGrid } from "@/components/shop/family-card";
import { RecentlyViewed } from "@/components/shop/recently-viewed";
import { EmptyState } from "@/components/ui/empty-state";
import type { Metadata } from "next";
import {
  cachedDisplayPricing,
  cachedIsPerVisitorHome,
  cachedMarketOffer,
  catalogAlternates,
} from "@/lib/catalog/cache/market-page";
import { cachedHomeData } from "@/lib/catalog/cache/page-tags";
import { tilesInMarket } from "@/lib/catalog/market-display";
import { env } from "@/lib/env";
import { renderInLanguage } from "@/lib/i18n/request-locale";

// Home: best sellers, recently viewed, offers, types, brands and shelves. A cached catalog page
// (docs/storefront.md#cached-catalog-pages): rendered again when the catalog changes, and at
// least every 30 s so best sellers follow sales (the cache life of its home read, which the page
// takes as its own: lib/catalog/cache/page-tags.ts).

type Props = { params: Promise<{ market: string; lang: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { market, lang } = await params;
  return { alternates: await catalogAlternates(market, lang, "/") };
}

export default async function HomePage({ params }: Props) {
  const { market, lang } = await params;
  renderInLanguage(lang);
  const [data, pricing, t, tCatalog] = await Promise.all([
    // Its shelves hold what the market offers (docs/markets.md#the-products-a-market-offers).
    cachedMarketOffer(market).then(cachedHomeData),
    cachedDisplayPricing(market),
    getTranslations("home"),
    getTranslations("catalog"),
    // Tags the home "/" serves, so no shared cache stores it (lib/http/page-cache).
    cachedIsPerVisitorHome(market, lang),
  ]);
  const { categories } = data;
  const home = {
    ...data.home,
    bestSellers: { ...data.home.bestSellers, items: tilesInMarket(data.home.bestSellers.items, pricing) },
    offers: tilesInMarket(data.home.offers, pricing),
  };
  if (home.types.length === 0) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-10">
        <EmptyState title={t("preparingTitle")} body={t("preparingBody")} />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-6xl space-y-10 px-4 py-6">
      <section className="rounded-2xl bg-gradient-to-br from-brand-700 to-brand-500 px-5 py-6 text-white sm:px-10 sm:py-8">
        <h1 className="text-2xl font-bold tracking-tight sm:text-4xl">{t("title")}</h1>
        <p className="mt-2 max-w-xl text-sm text-brand-50 sm:text-base">{t("lead", { shop: env.SHOP_NAME })}</p>
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
            {t("offers")}
          </h2>
          <div className="mt-4">
            <FamilyGrid families={home.offers} label={t("offers")} />
          </div>
        </section>
      ) : null}

      <section aria-labelledby="types-heading">
        <h2 id="types-heading" className="text-xl font-bold">
          {t("byType")}
        </h2>
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {home.types.map((type) => (
            <li key={type.value}>
              <Link
                href={`/t/${type.value}`}
                className="block rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-500 hover:shadow"
              >
                <span className="block font-semibold text-slate-900">{typeWords(tCatalog, type.value)}</span>
                <span className="text-sm text-slate-600">{t("products", { count: type.count })}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="brands-heading">
        <h2 id="brands-heading" className="text-xl font-bold">
          {t("brands")}
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
            {t("categories")}
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
