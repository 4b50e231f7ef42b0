import type { ProductDetail } from "@/lib/catalog/queries";
import { getDeliveryTypeLabel } from "@/lib/catalog/product-types";
import { describeQuantityBounds, quantityBounds } from "@/lib/orders/cart/quantity";

// The facts a buyer checks before paying: quantities, delivery, where the card works.
export function ProductInfoList({ product }: { product: ProductDetail }) {
  const rows: [string, string][] = [
    ["Quantity per order", describeQuantityBounds(quantityBounds(product))],
    ["Delivery", getDeliveryTypeLabel(product.deliveryType)],
    ["Region", product.region],
    ["Countries", product.countries.length > 0 ? product.countries.join(", ") : "Not specified"],
    ["Item code", product.itemCode],
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
