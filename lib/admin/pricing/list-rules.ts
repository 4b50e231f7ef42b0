// Reads for the pricing editor: the rules in precedence order and a few sample products to
// preview a rule against. Callers check the staff role first.
import "server-only";
import { db } from "@/lib/db";

const scopeOrder = ["global", "product_type", "brand", "sku"];

/** Every rule as plain strings, global first, then by scope and key. */
export async function listPricingRules() {
  const rows = await db.pricingRule.findMany({ orderBy: [{ scope: "asc" }, { key: "asc" }] });
  return rows
    .sort((a, b) => scopeOrder.indexOf(a.scope) - scopeOrder.indexOf(b.scope) || a.key.localeCompare(b.key))
    .map((r) => ({
      id: r.id,
      scope: r.scope,
      key: r.key,
      markupPercent: r.markupPercent.toString(),
      fixedFee: r.fixedFee.toString(),
      rounding: r.rounding,
      minMarginPercent: r.minMarginPercent.toString(),
      minMarginAmount: r.minMarginAmount.toString(),
      updatedAt: r.updatedAt.toISOString(),
    }));
}
export type PricingRuleView = Awaited<ReturnType<typeof listPricingRules>>[number];

/**
 * Listed products spread over the price range (cheap to dear) for the live preview: one index
 * seek per evenly spaced price between the cheapest and dearest, so it stays fast at 100k rows.
 */
export async function listPreviewSamples(count = 8) {
  const select = {
    itemCode: true,
    productName: true,
    brandName: true,
    productType: true,
    chargedPrice: true,
    shopPrice: true,
  } as const;
  const [low, high] = await Promise.all([
    db.product.findFirst({ where: { listed: true }, orderBy: { shopPrice: "asc" }, select: { shopPrice: true } }),
    db.product.findFirst({ where: { listed: true }, orderBy: { shopPrice: "desc" }, select: { shopPrice: true } }),
  ]);
  if (!low || !high) return [];
  const step = high.shopPrice.minus(low.shopPrice).dividedBy(Math.max(1, count - 1));
  const picks = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      db.product.findFirst({
        where: { listed: true, shopPrice: { gte: low.shopPrice.plus(step.times(i)) } },
        orderBy: [{ shopPrice: "asc" }, { itemCode: "asc" }],
        select,
      }),
    ),
  );
  const unique = [...new Map(picks.flatMap((p) => (p ? [[p.itemCode, p] as const] : []))).values()];
  return unique.map((p) => ({ ...p, chargedPrice: p.chargedPrice.toFixed(2), shopPrice: p.shopPrice.toFixed(2) }));
}
export type PreviewSample = Awaited<ReturnType<typeof listPreviewSamples>>[number];

/** A few products a scoped rule matches (cheapest first), so editing it previews its own products. */
export async function listRuleSamples(rule: { scope: string; key: string }, count = 4) {
  const where =
    rule.scope === "sku"
      ? { itemCode: rule.key }
      : rule.scope === "brand"
        ? { brandName: rule.key }
        : rule.scope === "product_type"
          ? { productType: rule.key }
          : null;
  if (!where) return [];
  const rows = await db.product.findMany({
    where: { ...where, listed: true },
    orderBy: [{ shopPrice: "asc" }, { itemCode: "asc" }],
    take: count,
    select: {
      itemCode: true,
      productName: true,
      brandName: true,
      productType: true,
      chargedPrice: true,
      shopPrice: true,
    },
  });
  return rows.map((p) => ({ ...p, chargedPrice: p.chargedPrice.toFixed(2), shopPrice: p.shopPrice.toFixed(2) }));
}
