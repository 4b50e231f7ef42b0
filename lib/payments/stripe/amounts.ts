// Stripe amounts are integers in Stripe's own minor unit for the currency. One home for the
// facts (lib/markets/currencies.ts): zero-decimal currencies (JPY) as they are, three-decimal ones
// (KWD) in thousandths ending in 0, IDR in whole rupiah sent as a two-decimal amount. Computed with
// decimals (never JS floats), and refused when a price is finer than the shop charges in.
import { Prisma } from "@prisma/client";
import { fromStripeAmount, toStripeAmount } from "@/lib/markets/currencies";

/** 10.45 USD → 1045; 500 JPY → 500; 1.230 KWD → 1230; Rp 150.000 → 15000000. Throws on excess precision. */
export function toMinorUnits(amount: Prisma.Decimal | string, currency: string): number {
  if (new Prisma.Decimal(amount).isNegative()) throw new Error("amount must not be negative");
  try {
    return toStripeAmount(amount.toString(), currency.toUpperCase());
  } catch (err) {
    throw new Error(`amount has more precision than ${currency} allows`, { cause: err });
  }
}

/** The inverse, for messages and comparisons: 1045, "usd" → Decimal("10.45"). */
export function fromMinorUnits(minor: number, currency: string): Prisma.Decimal {
  return new Prisma.Decimal(fromStripeAmount(minor, currency.toUpperCase()).toString());
}
