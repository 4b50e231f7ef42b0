import { MarketLink as Link } from "./market-link";
import { useLocale, useTranslations } from "next-intl";
import type { FamilyPage } from "@/lib/catalog/queries";
import { familyHref } from "@/lib/catalog/family-href";
import { formatFaceValue, formatMoney } from "./format-money";

// The values of the chosen region, each a link with its price; the chosen one is marked.
export function ValuePicker({ page, heading }: { page: FamilyPage; heading: string }) {
  const t = useTranslations("product");
  const tCatalog = useTranslations("catalog");
  const locale = useLocale();
  return (
    <nav aria-labelledby="value-heading">
      <h2 id="value-heading" className="text-sm font-semibold text-slate-900">
        {heading}
      </h2>
      <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3" data-testid="value-picker">
        {page.values.map((v) => {
          const selected = v.value === page.value;
          return (
            <li key={`${v.value}-${v.unit}`}>
              <Link
                href={familyHref(page.slug, { region: page.region, value: v.value })}
                aria-current={selected ? "true" : undefined}
                scroll={false}
                className={`block h-full rounded-lg border px-3 py-2 text-sm ${
                  selected
                    ? "border-brand-600 bg-brand-50 ring-1 ring-brand-600"
                    : "border-slate-300 bg-white hover:border-slate-400"
                }`}
              >
                <span className="block font-semibold text-slate-900">{formatFaceValue(v.value, v.unit)}</span>
                <span className="block text-slate-600">
                  {v.editions > 1 ? t("from") : ""}
                  {formatMoney(v.fromPrice, page.priceCurrency, locale)}
                </span>
                {v.offerPercent !== null ? (
                  <span className="block text-xs font-semibold text-rose-700">
                    {v.offerPercent ? tCatalog("off", { percent: v.offerPercent }) : tCatalog("offer")}
                  </span>
                ) : null}
                {v.inStock ? null : (
                  <span className="block text-xs font-medium text-amber-900">{tCatalog("stock.out_of_stock")}</span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

// When the upstream sells several SKUs of one value (editions), the shopper picks one by name.
export function EditionPicker({ page }: { page: FamilyPage }) {
  const t = useTranslations("product");
  const tCatalog = useTranslations("catalog");
  const locale = useLocale();
  if (page.editions.length <= 1) return null;
  const current = page.selected?.itemCode;
  return (
    <nav aria-labelledby="edition-heading">
      <h2 id="edition-heading" className="text-sm font-semibold text-slate-900">
        {t("edition")}
      </h2>
      <ul className="mt-2 flex flex-col gap-1">
        {page.editions.map((e) => (
          <li key={e.itemCode}>
            <Link
              href={familyHref(page.slug, { region: page.region, value: page.value, item: e.itemCode })}
              aria-current={e.itemCode === current ? "true" : undefined}
              scroll={false}
              className={`flex justify-between gap-3 rounded-lg border px-3 py-2 text-sm ${
                e.itemCode === current
                  ? "border-brand-600 bg-brand-50"
                  : "border-slate-300 bg-white hover:border-slate-400"
              }`}
            >
              <span className="min-w-0 break-words">{e.productName}</span>
              <span className="whitespace-nowrap text-slate-700">
                {formatMoney(e.shopPrice, e.priceCurrency, locale)}
                {e.inStock ? "" : ` · ${tCatalog("stock.out_of_stock")}`}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
