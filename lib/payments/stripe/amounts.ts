// Stripe amounts are integers in the currency's minor unit. Computed with decimals (never JS
// floats), and refused when a price has more precision than the currency can carry.
import { Prisma } from "@prisma/client";

/** Stripe's zero-decimal currencies: the amount is already in the smallest unit. */
const zeroDecimal = new Set([
  "BIF",
  "CLP",
  "DJF",
  "GNF",
  "JPY",
  "KMF",
  "KRW",
  "MGA",
  "PYG",
  "RWF",
  "UGX",
  "VND",
  "VUV",
  "XAF",
  "XOF",
  "XPF",
]);

function factor(currency: string): number {
  return zeroDecimal.has(currency.toUpperCase()) ? 1 : 100;
}

/** 10.45 USD → 1045; 500 JPY → 500. Throws on sub-minor precision (e.g. 1.005 USD). */
export function toMinorUnits(amount: Prisma.Decimal | string, currency: string): number {
  const minor = new Prisma.Decimal(amount).mul(factor(currency));
  if (!minor.isInteger()) throw new Error(`amount has more precision than ${currency} allows`);
  if (minor.isNegative()) throw new Error("amount must not be negative");
  return minor.toNumber();
}

/** The inverse, for messages and comparisons: 1045, "usd" → Decimal("10.45"). */
export function fromMinorUnits(minor: number, currency: string): Prisma.Decimal {
  return new Prisma.Decimal(minor).div(factor(currency));
}
