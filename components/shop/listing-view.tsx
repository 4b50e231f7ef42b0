import { useTranslations } from "next-intl";
import { toQueryString, type BrowseParams } from "@/lib/catalog/browse-params";
import type { BrowseFacets, FamilyListing } from "@/lib/catalog/queries";
import { EmptyState } from "@/components/ui/empty-state";
import { FiltersForm } from "./filters-form";
import { Pagination } from "./pagination";
import { FamilyGrid } from "./family-card";
import { SearchNotice } from "./search-notice";

type Props = {
  title: string;
  intro?: string;
  path: string;
  params: BrowseParams;
  listing: FamilyListing;
  facets: BrowseFacets;
  hide?: ("type" | "brand")[];
};

// The shared layout of listing, category, brand and search pages: heading, filters, a grid of
// family tiles (one per brand's product type; counts and pages are families), pages.
export function ListingView({ title, intro, path, params, listing, facets, hide }: Props) {
  const t = useTranslations("listing");
  const first = (listing.page - 1) * listing.pageSize + 1;
  const last = first + listing.items.length - 1;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      {intro ? <p className="mt-1 text-slate-600">{intro}</p> : null}
      <div className="mt-6 grid gap-6 lg:grid-cols-[16rem_1fr]">
        <aside>
          <FiltersForm action={path} params={params} facets={facets} hide={hide} />
        </aside>
        <section>
          <h2 className="mb-3 text-sm text-slate-600" data-testid="result-count">
            {listing.total === 0
              ? t("none")
              : listing.items.length === 0
                ? t("count", { total: listing.total })
                : t("showing", { first, last, total: listing.total })}
          </h2>
          {listing.search && params.q ? (
            <SearchNotice query={params.q} search={listing.search} hrefFor={(q) => `${path}${toQueryString({ q })}`} />
          ) : null}
          {listing.items.length > 0 ? (
            <FamilyGrid families={listing.items} label={title} region={params.region} eagerFirst={2} />
          ) : listing.total > 0 ? (
            <EmptyState
              title={t("emptyPageTitle")}
              body={t("emptyPageBody")}
              actionHref={`${path}${toQueryString(params, { page: 1 })}`}
              actionLabel={t("firstPage")}
            />
          ) : (
            <EmptyState
              title={t("noMatchTitle")}
              body={t("noMatchBody")}
              actionHref={path}
              actionLabel={t("clearFilters")}
            />
          )}
          <Pagination
            page={listing.page}
            pageCount={listing.pageCount}
            hrefFor={(page) => `${path}${toQueryString(params, { page })}`}
          />
        </section>
      </div>
    </div>
  );
}
