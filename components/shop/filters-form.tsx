import Link from "next/link";
import type { BrowseParams } from "@/lib/catalog/browse-params";
import type { BrowseFacets, FacetOption } from "@/lib/catalog/queries";
import { deliveryTypeLabels } from "@/lib/catalog/product-types";

type Props = {
  action: string;
  params: BrowseParams;
  facets: BrowseFacets;
  /** Filters fixed by the route (e.g. the type on /t/gift_card) are not offered. */
  hide?: ("type" | "brand")[];
};

const field = "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-500";
const labelCls = "block text-sm font-medium text-slate-800";

function FacetSelect({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value?: string;
  options: FacetOption[];
}) {
  // A value from the URL that no longer has results stays selectable, so the form shows what is applied.
  const all =
    value && !options.some((o) => o.value === value) ? [{ value, label: value, count: 0 }, ...options] : options;
  return (
    <div>
      <label htmlFor={`filter-${name}`} className={labelCls}>
        {label}
      </label>
      <select id={`filter-${name}`} name={name} defaultValue={value ?? ""} className={field}>
        <option value="">Any</option>
        {all.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label} ({o.count})
          </option>
        ))}
      </select>
    </div>
  );
}

// A plain GET form: works without JavaScript and keeps every filter in the URL.
export function FiltersForm({ action, params, facets, hide = [] }: Props) {
  return (
    <details className="filters-details rounded-xl border border-slate-200 bg-white p-4" open={hasFilters(params)}>
      <summary className="cursor-pointer text-sm font-semibold text-slate-900">Filters and sorting</summary>
      {/* autoComplete off: on Back, browsers would otherwise restore the values typed before submitting, not the URL's. */}
      <form action={action} method="get" autoComplete="off" className="mt-3 space-y-4 lg:mt-0" aria-label="Filters">
        <div>
          <label htmlFor="filter-q" className={labelCls}>
            Keywords
          </label>
          <input id="filter-q" name="q" type="search" maxLength={255} defaultValue={params.q ?? ""} className={field} />
        </div>
        <div>
          <label htmlFor="filter-sort" className={labelCls}>
            Sort by
          </label>
          <select id="filter-sort" name="sort" defaultValue={params.sort ?? "relevance"} className={field}>
            <option value="relevance">{params.q ? "Best match" : "Featured"}</option>
            <option value="price_asc">Price: low to high</option>
            <option value="price_desc">Price: high to low</option>
            <option value="value_asc">Value: low to high</option>
            <option value="value_desc">Value: high to low</option>
            <option value="brand">Brand A–Z</option>
          </select>
        </div>
        {hide.includes("type") ? null : (
          <FacetSelect name="type" label="Product type" value={params.type} options={facets.types} />
        )}
        {hide.includes("brand") ? null : (
          <FacetSelect name="brand" label="Brand" value={params.brand} options={facets.brands} />
        )}
        <FacetSelect name="region" label="Region" value={params.region} options={facets.regions} />
        <FacetSelect name="currency" label="Currency" value={params.currency} options={facets.currencies} />
        <FacetSelect name="country" label="Country" value={params.country} options={facets.countries} />
        <div>
          <label htmlFor="filter-delivery" className={labelCls}>
            Delivery
          </label>
          <select id="filter-delivery" name="delivery" defaultValue={params.delivery ?? ""} className={field}>
            <option value="">Any</option>
            {Object.entries(deliveryTypeLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <fieldset>
          <legend className={labelCls}>Card value</legend>
          <div className="mt-1 flex items-center gap-2">
            <label htmlFor="filter-min" className="sr-only">
              Minimum value
            </label>
            <input
              id="filter-min"
              name="min"
              inputMode="decimal"
              pattern="\d+(\.\d+)?"
              placeholder="Min"
              defaultValue={params.min ?? ""}
              className={`${field} mt-0`}
            />
            <span aria-hidden="true">–</span>
            <label htmlFor="filter-max" className="sr-only">
              Maximum value
            </label>
            <input
              id="filter-max"
              name="max"
              inputMode="decimal"
              pattern="\d+(\.\d+)?"
              placeholder="Max"
              defaultValue={params.max ?? ""}
              className={`${field} mt-0`}
            />
          </div>
        </fieldset>
        <div className="flex items-center gap-2">
          <input
            id="filter-instock"
            name="instock"
            type="checkbox"
            value="1"
            defaultChecked={params.instock}
            className="h-4 w-4 rounded border-slate-400 accent-brand-600"
          />
          <label htmlFor="filter-instock" className="text-sm text-slate-800">
            In stock only
          </label>
        </div>
        <div className="flex items-center gap-3">
          <button
            type="submit"
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            Apply
          </button>
          <Link href={action} className="text-sm font-medium text-brand-700 underline underline-offset-2">
            Clear all
          </Link>
        </div>
      </form>
    </details>
  );
}

function hasFilters(p: BrowseParams): boolean {
  return Boolean(
    p.type ||
    p.brand ||
    p.region ||
    p.currency ||
    p.country ||
    p.delivery ||
    p.min ||
    p.max ||
    p.instock ||
    (p.sort && p.sort !== "relevance"),
  );
}
