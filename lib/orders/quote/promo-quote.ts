// A promo code applied to a live quote: the discount comes off each eligible line's unit price,
// and the minimum margin (docs/money-rules.md#m5) is checked AFTER it (for a line priced from the
// catalog, on its cost plus the buffer: catalog-price.ts). A code that would break the margin on
// a line is refused by name, never applied in part or silently.
import "server-only";
import { Prisma } from "@/lib/db";
import { checkSaleMargin, selectRule } from "@/lib/pricing/markup";
import { loadPricingRules } from "@/lib/pricing/rules";
import { computeDiscounts } from "@/lib/promos/discount";
import { countShopperUses, findUsablePromo, usedByShopperMessage, type Shopper } from "@/lib/promos/find-promo";
import { normalizePromoCode, promoScopeLabels } from "@/lib/promos/promo-terms";
import { marginUnitCost } from "./catalog-price";
import type { Quote } from "./quote";

export type PromoQuote = { ok: true; quote: Quote } | { ok: false; message: string };

/**
 * The quote discounted by `code` (any case), or why the code cannot be used on it. With a
 * `shopper` (at payment) their own uses are counted too; the claim with the order is final.
 */
export async function applyPromoToQuote(
  quote: Quote,
  code: string,
  opts: { now: Date; shopper?: Shopper },
): Promise<PromoQuote> {
  const found = await findUsablePromo(normalizePromoCode(code), opts.now, quote.currency);
  if (!found.ok) return found;
  const promo = found.promo;
  if (
    opts.shopper &&
    promo.maxUsesPerShopper !== null &&
    (await countShopperUses(promo.id, opts.shopper)) >= promo.maxUsesPerShopper
  ) {
    return { ok: false, message: usedByShopperMessage };
  }
  const { unitDiscounts, total: discount } = computeDiscounts(promo, quote.lines);
  if (discount.isZero()) {
    const scope =
      promo.scope === "all"
        ? ""
        : ` It is for ${promoScopeLabels[promo.scope].toLowerCase()}: ${promo.scopeKeys.join(", ")}.`;
    return { ok: false, message: `This code does not apply to anything in your cart.${scope}` };
  }
  const rules = await loadPricingRules();
  const refused = quote.lines.filter((l, i) => {
    const off = unitDiscounts[i]!;
    if (off.isZero()) return false;
    const rule = selectRule(rules, { itemCode: l.itemCode, productType: l.productType, brand: l.brand });
    const unitCost = marginUnitCost(l);
    return !checkSaleMargin({ unitCost, unitPrice: l.unitPrice.minus(off), quantity: l.quantity, rule }).ok;
  });
  if (refused.length)
    return { ok: false, message: `This code cannot be used on ${listNames(refused.map((l) => l.productName))}.` };

  const lines = quote.lines.map((l, i) => {
    const unitPrice = l.unitPrice.minus(unitDiscounts[i]!);
    return { ...l, unitPrice, unitDiscount: unitDiscounts[i]!, lineTotal: unitPrice.times(l.quantity) };
  });
  const total = lines.reduce((sum, l) => sum.plus(l.lineTotal), new Prisma.Decimal(0));
  return {
    ok: true,
    quote: {
      ...quote,
      lines,
      total,
      promo: { promoId: promo.id, code: promo.code, description: promo.description, discount },
    },
  };
}

/** "A", "A and B", "A, B and C". */
function listNames(names: string[]): string {
  const unique = [...new Set(names)];
  return unique.length <= 1 ? (unique[0] ?? "") : `${unique.slice(0, -1).join(", ")} and ${unique.at(-1)}`;
}
