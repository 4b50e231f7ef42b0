// Markup rules from the database, applied to products: the sync prices new rows with
// these, checkout re-prices with the live upstream cost, and a rule change re-prices all.
import "server-only";
import { Prisma, db } from "@/lib/db";
import { sqlLiteral } from "@/lib/catalog/sql-literal";
import { commitCatalogChange } from "@/lib/catalog/catalog-version";
import { notifyCatalogChanged } from "@/lib/catalog/cache/page-invalidation";
import { productScopes, type ScopedProduct } from "@/lib/catalog/scopes";
import {
  computeDisplayPrices,
  computeUnitPrice,
  roundingModes,
  ruleScopes,
  selectRule,
  type PricingRuleInput,
  type Rounding,
  type RuleScope,
} from "./markup";

type PriceableProduct = {
  itemCode: string;
  productType: string;
  brandName: string;
  price: Prisma.Decimal.Value;
  chargedPrice: Prisma.Decimal.Value;
  isOffer: boolean;
  offerExpiresDate: string | null;
};

/** All rules as pure inputs; rows with an unknown scope or rounding are ignored, not guessed. */
export async function loadPricingRules(): Promise<PricingRuleInput[]> {
  const rows = await db.pricingRule.findMany({ orderBy: { createdAt: "asc" } });
  return rows
    .filter(
      (r) =>
        (ruleScopes as readonly string[]).includes(r.scope) &&
        (roundingModes as readonly string[]).includes(r.rounding),
    )
    .map((r) => ({
      id: r.id,
      scope: r.scope as RuleScope,
      key: r.key,
      markupPercent: r.markupPercent,
      fixedFee: r.fixedFee,
      rounding: r.rounding as Rounding,
      minMarginPercent: r.minMarginPercent,
      minMarginAmount: r.minMarginAmount,
    }));
}

/**
 * The shop's unit price for a product, from `unitCost` (the live cost from POST /orders/check
 * at checkout) or the cached charged_price, plus the "was" price of a live offer and the rule
 * used (checkout needs it for the margin check, docs/money-rules.md#m5).
 */
export async function priceForProduct(
  product: PriceableProduct,
  unitCost?: Prisma.Decimal.Value,
  rules?: PricingRuleInput[],
): Promise<{ unitPrice: Prisma.Decimal; wasPrice: Prisma.Decimal | null; rule: PricingRuleInput }> {
  const rule = selectRule(rules ?? (await loadPricingRules()), {
    itemCode: product.itemCode,
    productType: product.productType,
    brand: product.brandName,
  });
  const display = computeDisplayPrices(product, rule);
  const unitPrice = unitCost === undefined ? display.shopPrice : computeUnitPrice(unitCost, rule);
  return { unitPrice, wasPrice: display.wasPrice, rule };
}

const BATCH = 1000;

/**
 * Recomputes Product.shopPrice after a rule change, in batches, writing only rows that changed.
 * Given the rules before the change (`previous`), a product on offer whose "was" price they
 * priced differently is touched too, though its shop price stayed: its pages show that price
 * (docs/storefront.md#what-drops-a-cached-page).
 */
export async function repriceAllProducts(previous?: PricingRuleInput[]): Promise<{ checked: number; changed: number }> {
  const rules = await loadPricingRules();
  let checked = 0;
  let changed = 0;
  let after: string | undefined;
  for (;;) {
    const rows = await db.product.findMany({
      select: {
        id: true,
        itemCode: true,
        productType: true,
        brandName: true,
        chargedPrice: true,
        shopPrice: true,
        price: true,
        isOffer: true,
        offerExpiresDate: true,
        brandId: true,
        categoryId: true,
        familySlug: true,
      },
      orderBy: { id: "asc" },
      take: BATCH,
      ...(after ? { cursor: { id: after }, skip: 1 } : {}),
    });
    if (rows.length === 0) break;
    after = rows[rows.length - 1].id;
    checked += rows.length;
    const updates = rows.flatMap((r) => {
      const rule = selectRule(rules, { itemCode: r.itemCode, productType: r.productType, brand: r.brandName });
      const shopPrice = computeUnitPrice(r.chargedPrice, rule);
      return shopPrice.equals(r.shopPrice) ? [] : [{ ...r, shopPrice }];
    });
    const wasMoved = previous ? rows.filter((r) => r.isOffer && wasPriceMoved(r, previous, rules)) : [];
    await writeShopPrices(updates, wasMoved);
    changed += updates.length;
  }
  return { checked, changed };
}

/** Whether a product's offer "was" price differs between two sets of rules. */
function wasPriceMoved(p: PriceableProduct, before: PricingRuleInput[], after: PricingRuleInput[]): boolean {
  const was = (rules: PricingRuleInput[]) =>
    computeDisplayPrices(
      p,
      selectRule(rules, { itemCode: p.itemCode, productType: p.productType, brand: p.brandName }),
    ).wasPrice?.toFixed(2) ?? null;
  return was(before) !== was(after);
}

/** One portable UPDATE … CASE per batch instead of one statement per product; `touched` only move the version. */
async function writeShopPrices(
  rows: (ScopedProduct & { id: string; shopPrice: Prisma.Decimal })[],
  touched: ScopedProduct[] = [],
): Promise<void> {
  if (rows.length === 0 && touched.length === 0) return;
  const cases = rows.map((r) => `WHEN ${sqlLiteral(r.id)} THEN ${sqlLiteral(r.shopPrice)}`).join(" ");
  const ids = rows.map((r) => sqlLiteral(r.id)).join(", ");
  // Prices shoppers see changed: the catalog version moves in the same transaction, with the
  // scopes (type, brand, category, family) of the re-priced products and the touched ones.
  await db.$transaction(async (tx) => {
    if (rows.length > 0)
      await tx.$executeRawUnsafe(
        `UPDATE "Product" SET "shopPrice" = CASE "id" ${cases} END, "updatedAt" = ${sqlLiteral(new Date())} WHERE "id" IN (${ids})`,
      );
    await commitCatalogChange(tx, [...rows, ...touched].flatMap(productScopes));
  });
  await notifyCatalogChanged();
}
