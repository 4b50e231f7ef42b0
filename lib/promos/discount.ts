// The discount maths, pure and decimal (never floats). A code's discount is taken off each
// eligible line's UNIT price in whole cents, so a line's price is still unit price × quantity:
// refunds of a line (failed, short delivery, staff) and the books stay right per line.
import { Prisma } from "@prisma/client";
import type { PromoKind, PromoScope } from "./promo-terms";

type Dec = Prisma.Decimal;
const D = (v: Prisma.Decimal.Value): Dec => new Prisma.Decimal(v);

export type PromoTerms = { kind: PromoKind; value: Prisma.Decimal.Value; scope: PromoScope; scopeKeys: string[] };
export type DiscountLine = {
  itemCode: string;
  productType: string;
  brand: string;
  quantity: number;
  unitPrice: Prisma.Decimal.Value;
};

/** Whether the code covers this line: brand and item code match case-insensitively, types exactly. */
export function promoAppliesTo(
  terms: Pick<PromoTerms, "scope" | "scopeKeys">,
  line: Pick<DiscountLine, "itemCode" | "productType" | "brand">,
): boolean {
  const lower = (s: string) => s.trim().toLowerCase();
  switch (terms.scope) {
    case "all":
      return true;
    case "product_type":
      return terms.scopeKeys.includes(line.productType);
    case "brand":
      return terms.scopeKeys.some((k) => lower(k) === lower(line.brand));
    case "sku":
      return terms.scopeKeys.some((k) => lower(k) === lower(line.itemCode));
  }
}

/**
 * The discount per unit of each line (zero where the code does not apply) and their sum.
 * - percent: each unit's discount is the percentage of its price, rounded half-up to the cent.
 * - amount: shared over the eligible lines in proportion to their totals, in whole cents per
 *   unit; cents that cannot be shared evenly go a cent per unit to lines whose quantity they
 *   cover, and any left after that (less than a cent per eligible unit) are not given: the
 *   total discount never exceeds the code's amount. An amount above the eligible total makes those lines free.
 */
export function computeDiscounts(terms: PromoTerms, lines: DiscountLine[]): { unitDiscounts: Dec[]; total: Dec } {
  const eligible = lines.map((l) => promoAppliesTo(terms, l) && D(l.unitPrice).greaterThan(0));
  const cents = lines.map((l) => D(l.unitPrice).times(100).toDecimalPlaces(0, Prisma.Decimal.ROUND_HALF_UP).toNumber());
  const unitCents =
    terms.kind === "percent"
      ? percentOff(D(terms.value), cents, eligible)
      : amountOff(D(terms.value), cents, lines, eligible);
  const unitDiscounts = unitCents.map((c) => D(c).dividedBy(100));
  const total = unitDiscounts.reduce((sum, d, i) => sum.plus(d.times(lines[i]!.quantity)), D(0));
  return { unitDiscounts, total };
}

function percentOff(percent: Dec, cents: number[], eligible: boolean[]): number[] {
  const p = Prisma.Decimal.min(percent, 100);
  return cents.map((c, i) =>
    eligible[i]
      ? Math.min(c, D(c).times(p).dividedBy(100).toDecimalPlaces(0, Prisma.Decimal.ROUND_HALF_UP).toNumber())
      : 0,
  );
}

function amountOff(amount: Dec, cents: number[], lines: DiscountLine[], eligible: boolean[]): number[] {
  const totalCents = cents.reduce((s, c, i) => s + (eligible[i] ? c * lines[i]!.quantity : 0), 0);
  const budget = amount.times(100).toDecimalPlaces(0, Prisma.Decimal.ROUND_DOWN).toNumber();
  if (totalCents === 0) return cents.map(() => 0);
  if (budget >= totalCents) return cents.map((c, i) => (eligible[i] ? c : 0));
  // Each line's share of the budget, floored to whole cents per unit.
  const unit = cents.map((c, i) => (eligible[i] ? D(budget).times(c).dividedToIntegerBy(totalCents).toNumber() : 0));
  let left = budget - unit.reduce((s, u, i) => s + u * lines[i]!.quantity, 0);
  // Hand out what is left a cent per unit, to lines whose quantity still fits in it.
  for (let moved = true; left > 0 && moved;) {
    moved = false;
    for (let i = 0; i < lines.length && left > 0; i++) {
      const q = lines[i]!.quantity;
      if (eligible[i] && q <= left && unit[i]! < cents[i]!) {
        unit[i] = unit[i]! + 1;
        left -= q;
        moved = true;
      }
    }
  }
  return unit;
}
