// Live preview of a rule being edited: pure, so the browser recomputes prices as staff type,
// using the very functions the sync and checkout use.
import { computeUnitPrice, selectRule, type PricingRuleInput } from "@/lib/pricing/markup";
import type { PricingRuleForm } from "./rule-schema";

export type PreviewProduct = { itemCode: string; productType: string; brandName: string; chargedPrice: string };
/** `price`: under the draft rule; `effective`: what a save would set (a narrower rule may win). */
export type PreviewRow = {
  itemCode: string;
  cost: string;
  price: string;
  margin: string;
  effective: string;
  applies: boolean;
};

/**
 * Prices each sample under the draft rule, and as it would be after saving the draft in place
 * of the rule with the same id (or scope and key): where a narrower rule wins, `applies` is false.
 */
export function previewPrices(
  draft: PricingRuleForm,
  rules: PricingRuleInput[],
  samples: PreviewProduct[],
): PreviewRow[] {
  const candidate: PricingRuleInput = { ...draft, key: draft.key ?? "" };
  const others = rules.filter((r) => r.id !== draft.id && !(r.scope === draft.scope && r.key === candidate.key));
  const all = [candidate, ...others];
  return samples.map((s) => {
    const winner = selectRule(all, { itemCode: s.itemCode, productType: s.productType, brand: s.brandName });
    const price = computeUnitPrice(s.chargedPrice, candidate);
    const effective = winner === candidate ? price : computeUnitPrice(s.chargedPrice, winner);
    return {
      itemCode: s.itemCode,
      cost: s.chargedPrice,
      price: price.toFixed(2),
      margin: price.minus(s.chargedPrice).toFixed(2),
      effective: effective.toFixed(2),
      applies: winner === candidate,
    };
  });
}
