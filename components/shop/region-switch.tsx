import { MarketLink as Link } from "./market-link";
import { useLocale, useTranslations } from "next-intl";
import type { FamilyPage } from "@/lib/catalog/queries";
import { familyHref } from "@/lib/catalog/family-href";
import { regionWords } from "./region-words";

// The family's regions as links (each a shareable URL); the value is kept when the region has it.
export function RegionSwitch({ page }: { page: FamilyPage }) {
  const t = useTranslations("product");
  const locale = useLocale();
  const name = (r: { region: string; label: string }) => regionWords(locale, r.region, r.label);
  if (page.regions.length <= 1) {
    const only = page.regions[0];
    return only ? (
      <p className="text-sm text-slate-700">
        {t("region")}: <strong>{name(only)}</strong>
        {only.currencies.length ? ` (${only.currencies.join(", ")})` : ""}
      </p>
    ) : null;
  }
  return (
    <nav aria-labelledby="region-heading">
      <h2 id="region-heading" className="text-sm font-semibold text-slate-900">
        {t("region")}
      </h2>
      <ul className="mt-2 flex flex-wrap gap-2" data-testid="region-switch">
        {page.regions.map((r) => {
          const selected = r.region === page.region;
          return (
            <li key={r.region}>
              <Link
                href={familyHref(page.slug, { region: r.region, value: page.value })}
                aria-current={selected ? "true" : undefined}
                scroll={false}
                className={`block rounded-full border px-3 py-1.5 text-sm font-medium ${
                  selected
                    ? "border-brand-600 bg-brand-600 text-white"
                    : "border-slate-300 bg-white text-slate-800 hover:border-slate-400"
                }`}
              >
                {name(r)}
                {r.currencies.length ? (
                  <span className={selected ? "text-brand-50" : "text-slate-600"}> · {r.currencies.join(", ")}</span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
