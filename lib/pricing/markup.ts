// Markup rules and margins: pure decimal functions shared by sync (shop prices), the
// storefront (offer "was" prices) and checkout (never below cost: docs/money-rules.md#m5).
// No import of the database client here: the rule editor's preview runs this in the browser.
import { Decimal, type DecimalValue } from "./decimal";

type Dec = Decimal;
const D = (v: DecimalValue): Dec => new Decimal(v);

export const ruleScopes = ["global", "product_type", "brand", "sku"] as const;
export const roundingModes = ["none", "0.99", "0.49", "0.95", "whole"] as const;
export type RuleScope = (typeof ruleScopes)[number];
export type Rounding = (typeof roundingModes)[number];

export type PricingRuleInput = {
  id?: string;
  scope: RuleScope;
  key: string;
  markupPercent: DecimalValue;
  fixedFee: DecimalValue;
  rounding: Rounding;
  minMarginPercent: DecimalValue;
  minMarginAmount: DecimalValue;
};

export type PricingContext = { itemCode: string; productType: string; brand: string };

/** Used when the shop has no global rule: a modest markup so nothing is ever sold at cost. */
export const DEFAULT_RULE: PricingRuleInput = {
  scope: "global",
  key: "",
  markupPercent: "10",
  fixedFee: "0",
  rounding: "none",
  minMarginPercent: "2",
  minMarginAmount: "0.10",
};

const precedence: RuleScope[] = ["sku", "brand", "product_type", "global"];

function ruleMatches(rule: PricingRuleInput, ctx: PricingContext): boolean {
  switch (rule.scope) {
    case "sku":
      return rule.key === ctx.itemCode;
    case "brand":
      return rule.key.trim().toLowerCase() === ctx.brand.trim().toLowerCase();
    case "product_type":
      return rule.key === ctx.productType;
    case "global":
      return true;
  }
}

/** The most specific rule wins (sku > brand > product_type > global), so staff can override one SKU. */
export function selectRule(rules: PricingRuleInput[], ctx: PricingContext): PricingRuleInput {
  for (const scope of precedence) {
    const hit = rules.find((r) => r.scope === scope && ruleMatches(r, ctx));
    if (hit) return hit;
  }
  return DEFAULT_RULE;
}

/** Rounds UP to the rule's price ending, so rounding never eats into the margin. */
export function roundUpToEnding(value: DecimalValue, rounding: Rounding): Dec {
  const cents = D(value).toDecimalPlaces(2, Decimal.ROUND_UP);
  if (rounding === "none") return cents;
  if (rounding === "whole") return cents.ceil();
  const ending = D(rounding);
  return cents.minus(ending).ceil().plus(ending);
}

/** Minimum margin for one order line: the larger of the fixed amount and a percent of the line's cost. */
export function minimumMargin(unitCost: DecimalValue, quantity: number, rule: PricingRuleInput): Dec {
  const byPercent = D(unitCost).times(quantity).times(D(rule.minMarginPercent)).dividedBy(100);
  return Decimal.max(D(rule.minMarginAmount), byPercent).toDecimalPlaces(2, Decimal.ROUND_UP);
}

/**
 * Shop price per unit: cost × (1 + markup%) + fee, rounded up to the ending, then lifted (and
 * re-rounded) until one unit clears the minimum margin; a price that clears it for one unit
 * clears it for any quantity because the fixed amount is per line.
 */
export function computeUnitPrice(unitCost: DecimalValue, rule: PricingRuleInput): Dec {
  const cost = D(unitCost);
  const raw = cost.times(D(rule.markupPercent).dividedBy(100).plus(1)).plus(D(rule.fixedFee));
  let price = roundUpToEnding(raw, rule.rounding);
  const floor = cost.plus(minimumMargin(cost, 1, rule));
  if (price.lessThan(floor)) price = roundUpToEnding(floor, rule.rounding);
  return price.toDecimalPlaces(2);
}

/** Refuses a sale whose price does not cover cost × quantity plus the minimum margin (docs/money-rules.md#m5). */
export function checkSaleMargin(a: {
  unitCost: DecimalValue;
  unitPrice: DecimalValue;
  quantity: number;
  rule: PricingRuleInput;
}): { ok: boolean; margin: Dec; required: Dec } {
  const margin = D(a.unitPrice).minus(D(a.unitCost)).times(a.quantity);
  const required = minimumMargin(a.unitCost, a.quantity, a.rule);
  return { ok: margin.greaterThanOrEqualTo(required), margin, required };
}

/** An offer counts only while it has not expired; an unparseable expiry is treated as open-ended. */
export function isOfferActive(
  p: { isOffer: boolean; offerExpiresDate?: string | null },
  now: Date = new Date(),
): boolean {
  if (!p.isOffer) return false;
  if (!p.offerExpiresDate) return true;
  const expires = Date.parse(p.offerExpiresDate);
  return Number.isNaN(expires) || expires > now.getTime();
}

/**
 * Shop price from charged_price (already after the offer) and, for a live offer, a "was"
 * price from the list price with the same rule, shown struck through when it is higher.
 */
export function computeDisplayPrices(
  p: {
    price: DecimalValue;
    chargedPrice: DecimalValue;
    isOffer: boolean;
    offerExpiresDate?: string | null;
  },
  rule: PricingRuleInput,
  now: Date = new Date(),
): { shopPrice: Dec; wasPrice: Dec | null } {
  const shopPrice = computeUnitPrice(p.chargedPrice, rule);
  if (!isOfferActive(p, now)) return { shopPrice, wasPrice: null };
  const wasPrice = computeUnitPrice(p.price, rule);
  return { shopPrice, wasPrice: wasPrice.greaterThan(shopPrice) ? wasPrice : null };
}
