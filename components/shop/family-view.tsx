import { MarketLink as Link } from "./market-link";
import { useLocale, useTranslations } from "next-intl";
import type { FamilyPage } from "@/lib/catalog/queries";
import { deliveryTypeLabels, getDeliveryTypeLabel, type DeliveryType } from "@/lib/catalog/product-types";
import { parseRequiredFields } from "@/lib/orders/quote/topup-fields";
import type { VerifyAccount } from "@/components/checkout/topup-account";
import { AddToCart } from "./add-to-cart";
import { formatFaceValue, formatMoney } from "./format-money";
import { PriceBox } from "./price-box";
import { ProductImage } from "./product-image";
import { ProductInfoList } from "./product-info-list";
import { ProductTextSections } from "./product-text-sections";
import { RecordRecentlyViewed } from "./recently-viewed";
import { RegionSwitch } from "./region-switch";
import { TopupFlow } from "./topup-flow";
import { typeWords } from "./type-words";
import { EditionPicker, ValuePicker } from "./value-picker";

// A family page (also a SKU's own page): artwork, the region switch, the values of that region,
// the chosen SKU's price and buy controls. Server-rendered; only the buy controls run script.
export function FamilyView({ page, verify }: { page: FamilyPage; verify: VerifyAccount }) {
  const t = useTranslations("catalog");
  const selected = page.selected;
  return (
    <div className="mx-auto max-w-6xl px-4 py-4 sm:py-6">
      <nav aria-label={t("breadcrumb")} className="text-sm text-slate-600">
        <ol className="flex flex-wrap gap-1">
          <li>
            <Link href="/" className="hover:underline">
              {t("home")}
            </Link>{" "}
            <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
              ›
            </span>
          </li>
          <li>
            <Link href={`/t/${page.productType}`} className="hover:underline">
              {typeWords(t, page.productType)}
            </Link>{" "}
            <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
              ›
            </span>
          </li>
          <li>
            <Link href={`/b/${encodeURIComponent(page.brandSlug)}`} className="hover:underline">
              {page.brandName}
            </Link>
          </li>
        </ol>
      </nav>
      <div className="mt-3 grid grid-cols-[6rem_minmax(0,1fr)] items-start gap-x-4 gap-y-5 md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] md:gap-x-10">
        <ProductImage
          imageKey={page.imageKey}
          brand={page.brandName}
          width={480}
          sizes="(min-width: 768px) 40vw, 96px"
          priority
          className="w-full md:row-span-2 md:sticky md:top-4"
        />
        <header className="min-w-0">
          <Link
            href={`/b/${encodeURIComponent(page.brandSlug)}`}
            className="text-sm font-semibold uppercase tracking-wide text-brand-700 hover:underline"
          >
            {page.brandName}
          </Link>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{page.name}</h1>
          <p className="mt-1 text-sm text-slate-600">
            {typeWords(t, page.productType)}
            {selected ? ` · ${deliveryLabel(t, selected.deliveryType)}` : ""}
          </p>
        </header>
        <div className="col-span-2 min-w-0 space-y-5 md:col-span-1 md:col-start-2">
          <RegionSwitch page={page} />
          {page.isTopup ? <TopupBuy page={page} verify={verify} /> : <CodeBuy page={page} />}
          {selected ? <ProductInfoList product={selected} /> : null}
        </div>
      </div>
      {selected ? <ProductTextSections product={selected} /> : null}
      <RecordRecentlyViewed
        entry={{ slug: page.slug, name: page.name, imageKey: page.imageKey, brand: page.brandName }}
      />
    </div>
  );
}

function deliveryLabel(t: ReturnType<typeof useTranslations<"catalog">>, value: string): string {
  return Object.hasOwn(deliveryTypeLabels, value)
    ? t(`delivery.${value as DeliveryType}`)
    : getDeliveryTypeLabel(value);
}

function CodeBuy({ page }: { page: FamilyPage }) {
  const t = useTranslations("catalog");
  const selected = page.selected;
  return (
    <>
      <ValuePicker page={page} heading={t("chooseValue")} />
      <EditionPicker page={page} />
      {selected ? (
        <>
          <PriceBox product={selected} />
          <AddToCart
            itemCode={selected.itemCode}
            productName={selected.productName}
            minQuantity={selected.minQuantity}
            maxQuantity={selected.maxQuantity}
            productType={selected.productType}
            available={selected.inStock}
          />
        </>
      ) : null}
    </>
  );
}

function TopupBuy({ page, verify }: { page: FamilyPage; verify: VerifyAccount }) {
  const t = useTranslations("catalog");
  const locale = useLocale();
  const selected = page.selected;
  const buy = selected
    ? {
        itemCode: selected.itemCode,
        label: t("buyFor", {
          value: formatFaceValue(selected.faceValue, selected.denominationUnit),
          price: formatMoney(selected.shopPrice, selected.priceCurrency, locale),
        }),
        available: selected.inStock,
      }
    : null;
  return (
    <TopupFlow
      familySlug={page.slug}
      familyName={page.name}
      accountItemCode={page.accountItemCode}
      specs={parseRequiredFields(page.accountFieldsJson)}
      buy={buy}
      verify={verify}
    >
      <ValuePicker page={page} heading={t("chooseAmount")} />
      <EditionPicker page={page} />
      {selected ? (
        <div className="mt-4">
          <PriceBox product={selected} />
        </div>
      ) : null}
    </TopupFlow>
  );
}
