import Link from "next/link";
import type { ProductSummary } from "@/lib/catalog/queries";
import { formatFaceValue, formatMoney } from "./format-money";
import { productHref } from "./product-card";

// The same product family's denominations side by side; each is its own page (and item code).
export function DenominationPicker({ family, current }: { family: ProductSummary[]; current: string }) {
  if (family.length <= 1) return null;
  return (
    <nav aria-label="Other values" className="mt-6">
      <h2 className="text-sm font-semibold text-slate-900">Choose a value</h2>
      <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
        {family.map((p) => {
          const selected = p.itemCode === current;
          return (
            <li key={p.itemCode}>
              <Link
                href={productHref(p.itemCode)}
                aria-current={selected ? "page" : undefined}
                className={`block rounded-lg border px-3 py-2 text-sm ${
                  selected ? "border-brand-600 bg-brand-50 ring-1 ring-brand-600" : "border-slate-300 bg-white hover:border-slate-400"
                }`}
              >
                <span className="block font-semibold text-slate-900">{formatFaceValue(p.faceValue, p.denominationUnit)}</span>
                <span className="block text-slate-600">
                  {formatMoney(p.shopPrice, p.priceCurrency)}
                  {p.region ? ` · ${p.region}` : ""}
                  {p.inStock ? "" : " · out of stock"}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
