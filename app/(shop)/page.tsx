import Link from "next/link";
import { ProductGrid } from "@/components/shop/product-card";
import { EmptyState } from "@/components/ui/empty-state";
import { getHomeData, listCategories } from "@/lib/catalog/queries";
import { env } from "@/lib/env";

// Rendered per request (never at build time): counts and offers follow every catalog sync.
export const dynamic = "force-dynamic";

// Home: product types with counts, featured brands, live offers and shelves, all from the cached catalog.
export default async function HomePage() {
  const home = await getHomeData();
  const categories = await listCategories();
  if (home.types.length === 0) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-10">
        <EmptyState title="The catalog is being prepared" body="Products appear here after the first catalog sync. Please check back soon." />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-6xl space-y-12 px-4 py-8">
      <section className="rounded-2xl bg-gradient-to-br from-brand-700 to-brand-500 px-6 py-10 text-white sm:px-10">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Gift cards, game cards and top-ups</h1>
        <p className="mt-2 max-w-xl text-brand-50">
          Codes delivered to your screen and inbox. Top-ups go straight to the account you enter. {env.SHOP_NAME} checks price and stock before you pay.
        </p>
        <Link href="/search" className="mt-6 inline-block rounded-lg bg-white px-5 py-2.5 font-semibold text-brand-700 hover:bg-brand-50">
          Browse all products
        </Link>
      </section>

      <section aria-labelledby="types-heading">
        <h2 id="types-heading" className="text-xl font-bold">Shop by type</h2>
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {home.types.map((t) => (
            <li key={t.value}>
              <Link href={`/t/${t.value}`} className="block rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-500 hover:shadow">
                <span className="block font-semibold text-slate-900">{t.label}</span>
                <span className="text-sm text-slate-600">{t.count} products</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {home.offers.length > 0 ? (
        <section aria-labelledby="offers-heading">
          <h2 id="offers-heading" className="text-xl font-bold">Offers</h2>
          <div className="mt-4">
            <ProductGrid products={home.offers} label="Offers" />
          </div>
        </section>
      ) : null}

      <section aria-labelledby="brands-heading">
        <h2 id="brands-heading" className="text-xl font-bold">Featured brands</h2>
        <ul className="mt-4 flex flex-wrap gap-2">
          {home.featuredBrands.map((b) => (
            <li key={b.slug}>
              <Link href={`/b/${encodeURIComponent(b.slug)}`} className="block rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:border-brand-500">
                {b.name} <span className="text-slate-600">({b.count})</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {categories.length > 0 ? (
        <section aria-labelledby="categories-heading">
          <h2 id="categories-heading" className="text-xl font-bold">Categories</h2>
          <ul className="mt-4 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {categories.map((c) => (
              <li key={c.id}>
                <Link href={`/c/${encodeURIComponent(c.slug)}`} className="flex justify-between rounded-lg bg-white px-4 py-2 text-sm ring-1 ring-slate-200 hover:ring-brand-500">
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
