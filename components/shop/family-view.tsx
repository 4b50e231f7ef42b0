import { MarketLink as Link } from "./market-link";
import type { FamilyPage } from "@/lib/catalog/queries";
import { getDeliveryTypeLabel, getProductTypeLabel } from "@/lib/catalog/product-types";
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
import { EditionPicker, ValuePicker } from "./value-picker";

// A family page (also a SKU's own page): artwork, the region switch, the values of that region,
// the chosen SKU's price and buy controls. Server-rendered; only the buy controls run script.
export function FamilyView({ page, verify }: { page: FamilyPage; verify: VerifyAccount }) {
  const selected = page.selected;
  return (
    <div className="mx-auto max-w-6xl px-4 py-4 sm:py-6">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        <ol className="flex flex-wrap gap-1">
          <li>
            <Link href="/" className="hover:underline">
              Home
            </Link>{" "}
            <span aria-hidden="true">›</span>
          </li>
          <li>
            <Link href={`/t/${page.productType}`} className="hover:underline">
              {getProductTypeLabel(page.productType)}
            </Link>{" "}
            <span aria-hidden="true">›</span>
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
            {getProductTypeLabel(page.productType)}
            {selected ? ` · ${getDeliveryTypeLabel(selected.deliveryType)}` : ""}
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

function CodeBuy({ page }: { page: FamilyPage }) {
  const selected = page.selected;
  return (
    <>
      <ValuePicker page={page} heading="Choose a value" />
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
  const selected = page.selected;
  const buy = selected
    ? {
        itemCode: selected.itemCode,
        label: `Buy ${formatFaceValue(selected.faceValue, selected.denominationUnit)} for ${formatMoney(selected.shopPrice, selected.priceCurrency)}`,
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
      <ValuePicker page={page} heading="2. Choose an amount" />
      <EditionPicker page={page} />
      {selected ? (
        <div className="mt-4">
          <PriceBox product={selected} />
        </div>
      ) : null}
    </TopupFlow>
  );
}
