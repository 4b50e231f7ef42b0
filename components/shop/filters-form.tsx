import Link from "next/link";
import { useTranslations } from "next-intl";
import type { BrowseParams } from "@/lib/catalog/browse-params";
import type { BrowseFacets, FacetOption } from "@/lib/catalog/queries";
import { deliveryTypeLabels } from "@/lib/catalog/product-types";
import { typeWords } from "./type-words";

type Props = {
  action: string;
  params: BrowseParams;
  facets: BrowseFacets;
  /** Filters fixed by the route (e.g. the type on /t/gift_card) are not offered. */
  hide?: ("type" | "brand")[];
};

const field =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-normal focus:border-brand-500";
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
  const t = useTranslations("filters");
  // A value from the URL that no longer has results stays selectable, so the form shows what is applied.
  const all =
    value && !options.some((o) => o.value === value) ? [{ value, label: value, count: 0 }, ...options] : options;
  return (
    <label className={labelCls}>
      {label}
      <select name={name} defaultValue={value ?? ""} className={field}>
        <option value="">{t("any")}</option>
        {all.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label} ({o.count})
          </option>
        ))}
      </select>
    </label>
  );
}

// A plain GET form: works without JavaScript and keeps every filter in the URL. Its labels hold
// their fields rather than naming them by id: a listing Next keeps hidden after a navigation holds
// the same form, and a server render has no id of its own to give it.
export function FiltersForm({ action, params, facets, hide = [] }: Props) {
  const t = useTranslations("filters");
  const tCatalog = useTranslations("catalog");
  return (
    <details className="filters-details rounded-xl border border-slate-200 bg-white p-4" open={hasFilters(params)}>
      <summary className="cursor-pointer text-sm font-semibold text-slate-900">{t("summary")}</summary>
      {/* autoComplete off: on Back, browsers would otherwise restore the values typed before submitting, not the URL's. */}
      <form action={action} method="get" autoComplete="off" className="mt-3 space-y-4 lg:mt-0" aria-label={t("form")}>
        <label className={labelCls}>
          {t("keywords")}
          <input name="q" type="search" maxLength={255} defaultValue={params.q ?? ""} className={field} />
        </label>
        <label className={labelCls}>
          {t("sortBy")}
          <select name="sort" defaultValue={params.sort ?? "relevance"} className={field}>
            <option value="relevance">{params.q ? t("bestMatch") : t("featured")}</option>
            <option value="price_asc">{t("priceAsc")}</option>
            <option value="price_desc">{t("priceDesc")}</option>
            <option value="value_asc">{t("valueAsc")}</option>
            <option value="value_desc">{t("valueDesc")}</option>
            <option value="brand">{t("brandAz")}</option>
          </select>
        </label>
        {hide.includes("type") ? null : (
          <FacetSelect
            name="type"
            label={t("type")}
            value={params.type}
            options={facets.types.map((o) => ({ ...o, label: typeWords(tCatalog, o.value) }))}
          />
        )}
        {hide.includes("brand") ? null : (
          <FacetSelect name="brand" label={t("brand")} value={params.brand} options={facets.brands} />
        )}
        <FacetSelect name="region" label={t("region")} value={params.region} options={facets.regions} />
        <FacetSelect name="currency" label={t("currency")} value={params.currency} options={facets.currencies} />
        <FacetSelect name="country" label={t("country")} value={params.country} options={facets.countries} />
        <label className={labelCls}>
          {t("delivery")}
          <select name="delivery" defaultValue={params.delivery ?? ""} className={field}>
            <option value="">{t("any")}</option>
            {Object.keys(deliveryTypeLabels).map((value) => (
              <option key={value} value={value}>
                {tCatalog(`delivery.${value as keyof typeof deliveryTypeLabels}`)}
              </option>
            ))}
          </select>
        </label>
        <fieldset>
          <legend className={labelCls}>{t("cardValue")}</legend>
          <div className="mt-1 flex items-center gap-2">
            <input
              name="min"
              aria-label={t("minValue")}
              inputMode="decimal"
              pattern="\d+(\.\d+)?"
              placeholder={t("min")}
              defaultValue={params.min ?? ""}
              className={`${field} mt-0`}
            />
            <span aria-hidden="true">–</span>
            <input
              name="max"
              aria-label={t("maxValue")}
              inputMode="decimal"
              pattern="\d+(\.\d+)?"
              placeholder={t("max")}
              defaultValue={params.max ?? ""}
              className={`${field} mt-0`}
            />
          </div>
        </fieldset>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            name="instock"
            type="checkbox"
            value="1"
            defaultChecked={params.instock}
            className="h-4 w-4 rounded border-slate-400 accent-brand-600"
          />
          {t("inStockOnly")}
        </label>
        <div className="flex items-center gap-3">
          <button
            type="submit"
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            {t("apply")}
          </button>
          <Link href={action} className="text-sm font-medium text-brand-700 underline underline-offset-2">
            {t("clearAll")}
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
