import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { AddToCart } from "@/components/shop/add-to-cart";
import { DenominationPicker } from "@/components/shop/denomination-picker";
import { formatFaceValue, formatMoney } from "@/components/shop/format-money";
import { OfferBadge, StockBadge } from "@/components/shop/product-badges";
import { ProductImage } from "@/components/shop/product-image";
import { ProductInfoList } from "@/components/shop/product-info-list";
import { ProductTextSections } from "@/components/shop/product-text-sections";
import { getProductTypeLabel } from "@/lib/catalog/product-types";
import { getProductPage } from "@/lib/catalog/queries";
import { findBySegment } from "@/lib/catalog/route-segment";

type Props = { params: Promise<{ itemCode: string }> };

const loadProduct = cache((segment: string) => findBySegment(segment, (code) => getProductPage(code)));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const product = await loadProduct((await params).itemCode);
  return product ? { title: product.productName, description: product.description.slice(0, 160) } : { title: "Product not found" };
}

export default async function ProductPage({ params }: Props) {
  const product = await loadProduct((await params).itemCode);
  if (!product) notFound();
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        <ol className="flex flex-wrap gap-1">
          <li>
            <Link href="/" className="hover:underline">Home</Link> <span aria-hidden="true">›</span>
          </li>
          <li>
            <Link href={`/t/${product.productType}`} className="hover:underline">{getProductTypeLabel(product.productType)}</Link>{" "}
            <span aria-hidden="true">›</span>
          </li>
          <li>
            <Link href={`/b/${encodeURIComponent(product.brandSlug)}`} className="hover:underline">{product.brandName}</Link>
          </li>
        </ol>
      </nav>
      <div className="mt-4 grid gap-8 md:grid-cols-2">
        <ProductImage src={product.imageUrl} brand={product.brandName} size={480} className="w-full max-w-md justify-self-center md:sticky md:top-4 md:self-start" />
        <div>
          <Link href={`/b/${encodeURIComponent(product.brandSlug)}`} className="text-sm font-semibold uppercase tracking-wide text-brand-700 hover:underline">
            {product.brandName}
          </Link>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{product.productName}</h1>
          <p className="mt-1 text-slate-600">{formatFaceValue(product.faceValue, product.denominationUnit)}</p>
          <div className="mt-4 flex flex-wrap items-baseline gap-3">
            <p className="text-3xl font-bold text-slate-900" data-testid="product-price">
              <span className="sr-only">Price: </span>
              {formatMoney(product.shopPrice, product.priceCurrency)}
            </p>
            {product.wasPrice ? (
              <p className="text-lg text-slate-600 line-through">
                <span className="sr-only">Was </span>
                {formatMoney(product.wasPrice, product.priceCurrency)}
              </p>
            ) : null}
            <OfferBadge percent={product.offerPercent} />
          </div>
          {product.offerExpiresDate ? <p className="mt-1 text-sm text-slate-600">Offer ends {product.offerExpiresDate.slice(0, 10)}</p> : null}
          <div className="mt-3">
            <StockBadge inStock={product.inStock} long />
          </div>
          <DenominationPicker family={product.family} current={product.itemCode} />
          <div className="mt-6">
            <AddToCart
              itemCode={product.itemCode}
              productName={product.productName}
              minQuantity={product.minQuantity}
              maxQuantity={product.maxQuantity}
              productType={product.productType}
              available={product.inStock}
            />
          </div>
          <ProductInfoList product={product} />
        </div>
      </div>
      <ProductTextSections product={product} />
    </div>
  );
}
