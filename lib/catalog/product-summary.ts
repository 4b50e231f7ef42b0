// The card-sized view of a product shared by every listing: what a shopper may see, nothing more
// (no upstream cost), with money as decimal strings so it crosses the server/client boundary.
import "server-only";
import type { Prisma } from "@/lib/db";
import { env } from "@/lib/env";
import { isOfferActive } from "@/lib/pricing/markup";

export const summarySelect = {
  itemCode: true,
  productName: true,
  brandName: true,
  brand: { select: { slug: true } },
  productType: true,
  faceValue: true,
  currency: true,
  denominationUnit: true,
  shopPrice: true,
  imageKey: true,
  isOffer: true,
  offerPercent: true,
  offerExpiresDate: true,
  inStock: true,
  deliveryType: true,
  region: true,
} satisfies Prisma.ProductSelect;

type SummaryRow = Prisma.ProductGetPayload<{ select: typeof summarySelect }>;

export type ProductSummary = {
  itemCode: string;
  productName: string;
  brandName: string;
  brandSlug: string;
  productType: string;
  faceValue: string;
  currency: string;
  denominationUnit: string;
  shopPrice: string;
  /** Shop prices are in the wallet currency (SHOP_CURRENCY), not the card's face value currency. */
  priceCurrency: string;
  /** The image route's key (lib/images/image-url.ts); never the upstream URL itself. */
  imageKey: string;
  offerPercent: string | null;
  inStock: boolean;
  deliveryType: string;
  region: string;
};

/** Maps a row to the public card shape; an expired offer shows no badge. */
export function toProductSummary(row: SummaryRow, now: Date = new Date()): ProductSummary {
  const offer = isOfferActive(row, now);
  return {
    itemCode: row.itemCode,
    productName: row.productName,
    brandName: row.brandName,
    brandSlug: row.brand.slug,
    productType: row.productType,
    faceValue: row.faceValue.toString(),
    currency: row.currency,
    denominationUnit: row.denominationUnit,
    shopPrice: row.shopPrice.toFixed(2),
    priceCurrency: env.SHOP_CURRENCY,
    imageKey: row.imageKey,
    offerPercent: offer ? (row.offerPercent?.toString() ?? "") : null,
    inStock: row.inStock,
    deliveryType: row.deliveryType,
    region: row.region,
  };
}
