// A market's price points: a small closed set of rounding rules, each rounding UP to the next
// point, so rounding never eats into the margin (docs/markets.md#rounding-to-price-points). Pure.
import { Decimal, type DecimalValue } from "@/lib/pricing/decimal";
import { chargeUnit } from "./currencies";

export const roundingKinds = ["none", "up-to-step", "ending"] as const;
export type RoundingKind = (typeof roundingKinds)[number];

/**
 * none: up to the charge unit (a cent; a whole rupiah). up-to-step: up to the next multiple of
 * `value` (IDR 500). ending: up to the next amount ending in `value` (0.90 → R$ 29,90).
 */
export type RoundingRule =
  { kind: "none" } | { kind: "up-to-step"; value: Decimal } | { kind: "ending"; value: Decimal };

/** Why a rule cannot be used with a currency, or null when it can. */
export function roundingProblem(rule: RoundingRule, currency: string): string | null {
  if (rule.kind === "none") return null;
  const unit = chargeUnit(currency);
  if (!rule.value.mod(unit).isZero()) return `Must be a whole number of ${unit.toString()} ${currency}.`;
  if (rule.kind === "up-to-step" && !rule.value.greaterThan(0)) return "The step must be more than zero.";
  if (rule.kind === "ending" && (rule.value.isNegative() || rule.value.greaterThanOrEqualTo(1)))
    return "The ending is the part after the decimal point: from 0 to under 1 (0.90, 0.99).";
  return null;
}

/** The smallest price point of `rule` at or above `amount`, in `currency`'s charge unit. */
export function roundUpToPricePoint(amount: DecimalValue, rule: RoundingRule, currency: string): Decimal {
  const unit = chargeUnit(currency);
  const value = new Decimal(amount).dividedBy(unit).ceil().times(unit);
  switch (rule.kind) {
    case "none":
      return value;
    case "up-to-step":
      return value.dividedBy(rule.value).ceil().times(rule.value);
    case "ending":
      return value.minus(rule.value).ceil().plus(rule.value);
  }
}

/** The rule from its stored kind and value; null for a kind this code does not know (never guessed). */
export function toRoundingRule(kind: string, value: DecimalValue | null): RoundingRule | null {
  if (kind === "none") return { kind: "none" };
  if ((kind === "up-to-step" || kind === "ending") && value !== null) return { kind, value: new Decimal(value) };
  return null;
}
