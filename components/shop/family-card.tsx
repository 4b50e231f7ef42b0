import { MarketLink as Link } from "./market-link";
import { useLocale, useTranslations } from "next-intl";
import type { FamilySummary } from "@/lib/catalog/queries";
import { familyHref } from "@/lib/catalog/family-href";
import { formatMoney } from "./format-money";
import { OfferBadge, StockBadge } from "./product-badges";
import { ProductImage } from "./product-image";
import { typeWords } from "./type-words";

const tileSizes = "(min-width: 1024px) 220px, (min-width: 640px) 30vw, 45vw";

// One tile per product family: artwork, name, regions, the lowest price. The whole card is the link.
export function FamilyCard({
  family,
  region,
  priority = false,
}: {
  family: FamilySummary;
  region?: string;
  priority?: boolean;
}) {
  const locale = useLocale();
  const t = useTranslations("catalog");
  const tProduct = useTranslations("product");
  const regions =
    family.regions.length > 3
      ? `${family.regions.slice(0, 3).join(" · ")} +${family.regions.length - 3}`
      : family.regions.join(" · ");
  return (
    <article
      data-testid="family-tile"
      className="group relative flex h-full w-full flex-col rounded-xl border border-slate-200 bg-white p-2 shadow-sm transition hover:shadow-md focus-within:ring-2 focus-within:ring-brand-500 sm:p-3"
    >
      <ProductImage
        imageKey={family.imageKey}
        brand={family.brandName}
        width={320}
        sizes={tileSizes}
        priority={priority}
      />
      <div className="mt-2 flex flex-1 flex-col gap-0.5 sm:mt-3">
        <h3 className="text-sm font-semibold leading-snug text-slate-900">
          <Link
            href={familyHref(family.slug, { region })}
            className="after:absolute after:inset-0 focus:outline-none"
            data-testid="product-link"
          >
            {family.name}
          </Link>
        </h3>
        <p className="text-xs text-slate-600">
          {typeWords(t, family.productType)}
          {regions ? <span className="block truncate">{regions}</span> : null}
        </p>
        <div className="mt-auto flex flex-wrap items-center gap-x-2 gap-y-1 pt-2">
          <span className="text-sm font-bold text-slate-900 sm:text-base" data-testid="card-price">
            <span className="font-normal text-slate-600">{tProduct("from")}</span>
            {formatMoney(family.fromPrice, family.priceCurrency, locale)}
          </span>
          <OfferBadge percent={family.offerPercent} upTo={family.valueCount > 1} />
          {family.inStock ? null : <StockBadge inStock={false} />}
        </div>
      </div>
    </article>
  );
}

export function FamilyGrid({
  families,
  label,
  region,
  eagerFirst = 0,
}: {
  families: FamilySummary[];
  label: string;
  region?: string;
  eagerFirst?: number;
}) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {families.map((f, i) => (
        <li key={f.slug} className="flex min-w-0">
          <FamilyCard family={f} region={region} priority={i < eagerFirst} />
        </li>
      ))}
    </ul>
  );
}
