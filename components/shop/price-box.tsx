import { useLocale, useTranslations } from "next-intl";
import type { ProductDetail } from "@/lib/catalog/queries";
import { formatFaceValue, formatMoney } from "./format-money";
import { OfferBadge, StockBadge } from "./product-badges";

// The chosen SKU's price (with a struck-through list price during an offer) and its stock words.
export function PriceBox({ product }: { product: ProductDetail }) {
  const t = useTranslations("catalog");
  const locale = useLocale();
  const value = formatFaceValue(product.faceValue, product.denominationUnit);
  return (
    <div>
      <p className="text-sm text-slate-600" data-testid="selected-sku">
        {product.productName.includes(value) ? product.productName : `${product.productName} · ${value}`} ·{" "}
        {product.region}
      </p>
      <div className="mt-1 flex flex-wrap items-baseline gap-3">
        <p className="text-3xl font-bold text-slate-900" data-testid="product-price">
          <span className="sr-only">{t("price")}</span>
          {formatMoney(product.shopPrice, product.priceCurrency, locale)}
        </p>
        {product.wasPrice ? (
          <p className="text-lg text-slate-600 line-through">
            <span className="sr-only">{t("was")}</span>
            {formatMoney(product.wasPrice, product.priceCurrency, locale)}
          </p>
        ) : null}
        <OfferBadge percent={product.offerPercent} />
        <StockBadge inStock={product.inStock} />
      </div>
      {product.offerExpiresDate ? (
        <p className="mt-1 text-sm text-slate-600">{t("offerEnds", { date: product.offerExpiresDate.slice(0, 10) })}</p>
      ) : null}
    </div>
  );
}
