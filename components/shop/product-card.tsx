import Link from "next/link";
import type { ProductSummary } from "@/lib/catalog/queries";
import { formatFaceValue, formatMoney } from "./format-money";
import { OfferBadge, StockBadge } from "./product-badges";
import { ProductImage } from "./product-image";

/** The product link used by every listing; encodes item codes that hold URL-unsafe characters. */
export function productHref(itemCode: string): string {
  return `/p/${encodeURIComponent(itemCode)}`;
}

export function ProductCard({ product }: { product: ProductSummary }) {
  return (
    <article className="group relative flex h-full w-full flex-col rounded-xl border border-slate-200 bg-white p-3 shadow-sm transition hover:shadow-md focus-within:ring-2 focus-within:ring-brand-500">
      <ProductImage src={product.imageUrl} brand={product.brandName} size={240} />
      <div className="mt-3 flex flex-1 flex-col gap-1">
        <p className="text-xs font-medium uppercase tracking-wide text-slate-600">{product.brandName}</p>
        <h3 className="text-sm font-semibold leading-snug text-slate-900">
          <Link href={productHref(product.itemCode)} className="after:absolute after:inset-0 focus:outline-none" data-testid="product-link">
            {product.productName}
          </Link>
        </h3>
        <p className="text-sm text-slate-600">
          {formatFaceValue(product.faceValue, product.denominationUnit)} · {product.region}
        </p>
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-2">
          <span className="text-base font-bold text-slate-900" data-testid="card-price">
            {formatMoney(product.shopPrice, product.priceCurrency)}
          </span>
          <OfferBadge percent={product.offerPercent} />
          <StockBadge inStock={product.inStock} />
        </div>
      </div>
    </article>
  );
}

export function ProductGrid({ products, label }: { products: ProductSummary[]; label: string }) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {products.map((p) => (
        <li key={p.itemCode} className="flex min-w-0">
          <ProductCard product={p} />
        </li>
      ))}
    </ul>
  );
}
