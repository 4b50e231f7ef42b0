import { MarketLink as Link } from "./market-link";

// The 404 body shared by the root and storefront not-found pages.
export function NotFoundView({
  body = "The product or category may have been removed, or the link may be mistyped.",
}: {
  body?: string;
}) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">We couldn’t find that page</h1>
      <p className="mt-3 text-slate-600">{body}</p>
      <form action="/search" method="get" role="search" className="mx-auto mt-6 flex max-w-sm gap-2">
        <label htmlFor="notfound-search" className="sr-only">
          Search products
        </label>
        <input
          id="notfound-search"
          name="q"
          type="search"
          maxLength={255}
          placeholder="Search products"
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
        />
        <button
          type="submit"
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          Search
        </button>
      </form>
      <Link href="/" className="mt-6 inline-block font-medium text-brand-700 underline underline-offset-2">
        Back to the home page
      </Link>
    </div>
  );
}
