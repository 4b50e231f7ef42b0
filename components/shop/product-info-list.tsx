import { useTranslations } from "next-intl";
import type { ProductDetail } from "@/lib/catalog/queries";
import { deliveryTypeLabels, getDeliveryTypeLabel, type DeliveryType } from "@/lib/catalog/product-types";
import { describeQuantityBounds, quantityBounds } from "@/lib/orders/cart/quantity";

// The facts a buyer checks before paying: quantities, delivery, where the card works.
export function ProductInfoList({ product }: { product: ProductDetail }) {
  const t = useTranslations("product.info");
  const tCatalog = useTranslations("catalog");
  const bounds = quantityBounds(product);
  const delivery = Object.hasOwn(deliveryTypeLabels, product.deliveryType)
    ? tCatalog(`delivery.${product.deliveryType as DeliveryType}`)
    : getDeliveryTypeLabel(product.deliveryType);
  const rows: [string, string][] = [
    [t("quantity"), bounds.min === bounds.max ? describeQuantityBounds(bounds) : t("range", bounds)],
    [t("delivery"), delivery],
    [t("region"), product.region],
    [t("countries"), product.countries.length > 0 ? product.countries.join(", ") : t("notSpecified")],
    [t("itemCode"), product.itemCode],
  ];
  return (
    <dl className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="grid grid-cols-[9rem_1fr] gap-2 px-4 py-2">
          <dt className="font-medium text-slate-600">{term}</dt>
          <dd className="break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
