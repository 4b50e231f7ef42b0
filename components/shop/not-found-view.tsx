"use client";
// The 404 body shared by the root and storefront not-found pages, in the page's language. A client
// component: a not-found boundary renders apart from its page, so on a cached catalog page it does
// not know the language the page named; the layout's message provider does.
import { useTranslations } from "next-intl";
import { MarketLink as Link } from "./market-link";
export function NotFoundView({ body }: { body?: string }) {
  const t = useTranslations("notFound");
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{t("title")}</h1>
      <p className="mt-3 text-slate-600">{body ?? t("body")}</p>
      <form action="/search" method="get" role="search" className="mx-auto mt-6 flex max-w-sm gap-2">
        <label htmlFor="notfound-search" className="sr-only">
          {t("search")}
        </label>
        <input
          id="notfound-search"
          name="q"
          type="search"
          maxLength={255}
          placeholder={t("search")}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
        />
        <button
          type="submit"
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          {t("submit")}
        </button>
      </form>
      <Link href="/" className="mt-6 inline-block font-medium text-brand-700 underline underline-offset-2">
        {t("home")}
      </Link>
    </div>
  );
}
