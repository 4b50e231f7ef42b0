// A wallet-currency sale price in a market's currency: at the market's rate plus its FX buffer,
// adjusted, rounded up to the market's price points, and never below the wallet-currency floor
// of cost plus minimum margin (docs/markets.md#the-margin-floor, docs/money-rules.md#m5). Pure,
// decimal throughout; multiplications only, so every figure is exact.
import { Decimal, type DecimalValue } from "@/lib/pricing/decimal";
import { minimumMargin, type PricingRuleInput } from "@/lib/pricing/markup";
import { roundUpToPricePoint, type RoundingRule } from "./rounding";

export type MarketPricing = {
  currency: string;
  /** Units of the market currency per 1 wallet-currency unit (mid rate, manual or fed). */
  rate: DecimalValue;
  fxBufferPercent: DecimalValue;
  priceAdjustmentPercent: DecimalValue | null;
  rounding: RoundingRule;
};

export type MarketPrice = {
  amount: Decimal;
  currency: string;
  /** The rate of the sale: rate × (1 + buffer %); the wallet value of `amount` is amount ÷ this. */
  effectiveRate: Decimal;
  /** The wallet-currency floor the amount respects: amount ≥ walletFloor × effectiveRate. */
  walletFloor: Decimal;
};

const percent = (v: DecimalValue) => new Decimal(v).dividedBy(100);

/** The rate a market's prices are built from and its money is counted back at (docs/markets.md#conversion). */
export function effectiveRate(market: Pick<MarketPricing, "rate" | "fxBufferPercent">): Decimal {
  const rate = new Decimal(market.rate);
  if (!rate.greaterThan(0)) throw new RangeError("A market's rate must be more than zero.");
  return rate.times(percent(market.fxBufferPercent).plus(1));
}

/** The lowest wallet-currency unit price that keeps the minimum margin on one unit (cost + margin). */
export function unitWalletFloor(unitCost: DecimalValue, rule: PricingRuleInput): Decimal {
  return new Decimal(unitCost).plus(minimumMargin(unitCost, 1, rule));
}

/**
 * The market price of a wallet-currency unit price: price × effective rate × (1 + adjustment %),
 * rounded up to a price point; when that point is worth less than `walletFloor` at the effective
 * rate (a negative adjustment), the first price point that is not.
 */
export function convertPrice(walletPrice: DecimalValue, walletFloor: DecimalValue, market: MarketPricing): MarketPrice {
  const rate = effectiveRate(market);
  const adjustment = percent(market.priceAdjustmentPercent ?? 0).plus(1);
  if (!adjustment.greaterThan(0)) throw new RangeError("A price adjustment must be above -100 %.");
  const floor = new Decimal(walletFloor);
  const raw = new Decimal(walletPrice).times(rate).times(adjustment);
  let amount = roundUpToPricePoint(raw, market.rounding, market.currency);
  const least = floor.times(rate);
  if (amount.lessThan(least)) amount = roundUpToPricePoint(least, market.rounding, market.currency);
  return { amount, currency: market.currency, effectiveRate: rate, walletFloor: floor };
}
