// One SKU's details for the family page: what the shopper buys (price, was-price, quantities,
// where it works, how to redeem). The family page around it is lib/catalog/family-page-query.ts.
import "server-only";
import { db, type Prisma } from "@/lib/db";
import { computeDisplayPrices, selectRule, type PricingRuleInput } from "@/lib/pricing/markup";
import { visibleProductWhere } from "./catalog-where";
import { summarySelect, toProductSummary, type ProductSummary } from "./product-summary";

export type ProductDetail = ProductSummary & {
  description: string;
  redemptionInstructions: string;
  redemptionUrl: string | null;
  terms: string | null;
  minQuantity: number;
  maxQuantity: number;
  countries: string[];
  categoryName: string;
  categorySlug: string;
  offerExpiresDate: string | null;
  /** List price with the same markup, shown struck through while an offer is live. */
  wasPrice: string | null;
  familySlug: string;
  familyName: string;
  imageKey: string;
  /**
   * Direct top-up fields the buyer enters, as the upstream sent them
   * (docs/upstream-contract.md#23-required-fields; "[]" for code products).
   */
  requiredFieldsJson: string;
};

/** Null for unknown, hidden, unlisted, removed or `test` products: the page shows a 404. */
export async function getProductDetail(itemCode: string, now: Date = new Date()): Promise<ProductDetail | null> {
  const row = await db.product.findFirst({
    where: { AND: [visibleProductWhere, { itemCode }] },
    select: {
      ...summarySelect,
      description: true,
      redemptionInstructions: true,
      redemptionUrl: true,
      terms: true,
      minQuantity: true,
      maxQuantity: true,
      price: true,
      chargedPrice: true,
      familySlug: true,
      familyName: true,
      imageKey: true,
      requiredFields: true,
      category: { select: { name: true, slug: true } },
      countries: { select: { countryCode: true }, orderBy: { countryCode: "asc" } },
    },
  });
  if (!row) return null;
  const summary = toProductSummary(row, now);
  return {
    ...summary,
    description: row.description,
    redemptionInstructions: row.redemptionInstructions,
    redemptionUrl: row.redemptionUrl,
    terms: row.terms,
    minQuantity: row.minQuantity,
    maxQuantity: row.maxQuantity,
    countries: row.countries.map((c) => c.countryCode),
    categoryName: row.category.name,
    categorySlug: row.category.slug,
    offerExpiresDate: summary.offerPercent !== null ? row.offerExpiresDate : null,
    wasPrice: await computeWasPrice(row, now),
    familySlug: row.familySlug,
    familyName: row.familyName,
    imageKey: row.imageKey,
    requiredFieldsJson: row.requiredFields,
  };
}

// The cost fields are used here only to derive the "was" price; they never leave this function.
async function computeWasPrice(
  row: {
    itemCode: string;
    productType: string;
    brandName: string;
    price: Prisma.Decimal;
    chargedPrice: Prisma.Decimal;
    shopPrice: Prisma.Decimal;
    isOffer: boolean;
    offerExpiresDate: string | null;
  },
  now: Date,
): Promise<string | null> {
  if (!row.isOffer) return null;
  const rules = (await db.pricingRule.findMany()) as unknown as PricingRuleInput[];
  const rule = selectRule(rules, { itemCode: row.itemCode, productType: row.productType, brand: row.brandName });
  const { wasPrice } = computeDisplayPrices(row, rule, now);
  return wasPrice && wasPrice.greaterThan(row.shopPrice) ? wasPrice.toFixed(2) : null;
}
