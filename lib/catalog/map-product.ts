// Maps one upstream catalog row (docs/upstream-contract.md#21-product, as the client returns it) to
// the shop's Product columns. Pure, so the apply step can map 50,000 rows without touching the
// database.
import { Prisma } from "@prisma/client";
import type { UpstreamProduct } from "@/lib/upstream/types";
import { computeUnitPrice, selectRule, type PricingRuleInput } from "@/lib/pricing/markup";
import { deriveFamily, encodeCountryCodes, imageKeyOf } from "./family";
import { buildSearchText } from "./search/index-text";

export type ProductColumns = Omit<
  Prisma.ProductCreateManyInput,
  "id" | "brandId" | "categoryId" | "listed" | "removedAt" | "hidden" | "featured" | "createdAt" | "updatedAt"
>;

/** Product columns for an upstream row, with the shop price from the matching markup rule. */
export function mapUpstreamProduct(p: UpstreamProduct, rules: PricingRuleInput[]): ProductColumns {
  const rule = selectRule(rules, { itemCode: p.itemCode, productType: p.productType, brand: p.brand });
  const family = deriveFamily({
    brand: p.brand,
    productType: p.productType,
    productFamily: p.productFamily,
    region: p.region,
  });
  return {
    itemCode: p.itemCode,
    brandName: p.brand,
    productName: p.productName,
    faceValue: new Prisma.Decimal(p.faceValue),
    price: new Prisma.Decimal(p.price),
    chargedPrice: new Prisma.Decimal(p.chargedPrice),
    currency: p.currency,
    valueUnit: p.valueUnit,
    denominationUnit: p.denominationUnit,
    categoryName: p.category,
    productType: p.productType,
    productFamily: p.productFamily,
    denominationType: p.denominationType,
    redemptionInstructions: p.redemptionInstructions,
    redemptionUrl: p.redemptionUrl,
    codeFormat: p.codeFormat,
    requiredFields: JSON.stringify(p.requiredFields ?? []),
    region: p.region,
    deliveryType: p.deliveryType,
    imageUrl: p.imageUrl,
    description: p.description,
    terms: p.terms,
    isOffer: p.isOffer,
    offerPercent: p.offerPercent === null ? null : new Prisma.Decimal(p.offerPercent),
    offerExpiresDate: p.offerExpiresDate,
    minQuantity: p.minQuantity,
    maxQuantity: p.maxQuantity,
    inStock: p.inStock,
    mainInStock: p.inStock,
    upstreamCreatedAt: new Date(p.createdAt),
    upstreamUpdatedAt: new Date(p.updatedAt),
    searchText: buildSearchText({ ...p, category: p.category, familyName: family.familyName }),
    shopPrice: computeUnitPrice(p.chargedPrice, rule),
    ...family,
    imageKey: imageKeyOf(p.imageUrl),
    countryCodes: encodeCountryCodes(p.countryCode),
  };
}
