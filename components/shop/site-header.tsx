import { FullPageLink } from "./full-page-link";
import Link from "next/link";
import { pathUnderPrefix } from "@/lib/markets/prefix-path";
import { useTranslations } from "next-intl";
import { CartLink } from "./cart-link";
import { MarketSwitcher } from "./market-switcher";
import { SearchBox } from "./search-box";
import { typeWords } from "./type-words";

export type NavType = { value: string; label: string };

// Shop header: name, search, product type nav, the account and cart links. The search is a plain GET form.
// Every link keeps the page's market prefix (docs/markets.md#urls).
export function SiteHeader({ shopName, types, prefix = "" }: { shopName: string; types: NavType[]; prefix?: string }) {
  const t = useTranslations("header");
  const tCatalog = useTranslations("catalog");
  const to = (path: string) => pathUnderPrefix(prefix, path);
  return (
    <header className="border-b border-slate-200 bg-white print:hidden">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3 px-4 py-3">
        <Link href={to("/")} className="text-xl font-bold tracking-tight text-brand-700">
          {shopName}
        </Link>
        <form
          action={to("/search")}
          method="get"
          role="search"
          className="order-last flex w-full gap-2 sm:order-none sm:w-auto sm:flex-1"
        >
          <label htmlFor="site-search" className="sr-only">
            {t("searchLabel")}
          </label>
          <SearchBox inputClassName="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm placeholder:text-slate-500 focus:border-brand-500" />
          <button
            type="submit"
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            {t("search")}
          </button>
        </form>
        <div className="ms-auto flex min-w-0 max-w-full flex-wrap items-center justify-end sm:ms-0">
          <FullPageLink href={to("/account")} className="rounded-md px-3 py-2 text-sm font-medium hover:bg-slate-100">
            {t("account")}
          </FullPageLink>
          <MarketSwitcher />
          <CartLink />
        </div>
      </div>
      <nav aria-label={t("types")} className="border-t border-slate-100">
        <ul className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-4 py-2 text-sm">
          {types.map((type) => (
            <li key={type.value} className="shrink-0">
              <Link
                href={to(`/t/${type.value}`)}
                className="block rounded-md px-3 py-1.5 font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900"
              >
                {typeWords(tCatalog, type.value)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
