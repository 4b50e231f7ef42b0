// Currency facts: how many decimals a currency has (ISO 4217), how many the shop prices and
// charges in, how Stripe counts its amounts, and Stripe's smallest charge. Pure; exact decimals
// only (docs/markets.md#minor-units).
import { Decimal, type DecimalValue } from "@/lib/pricing/decimal";

export type CurrencyFacts = {
  /** ISO 4217 minor units (USD 2, JPY 0, KWD 3, IDR 2). */
  isoDecimals: number;
  /** Decimals the shop writes amounts with: whole rupiah, as no smaller coin circulates; KWD 3. */
  chargeDecimals: number;
  /** The exponent of Stripe's integer `amount` (IDR 2: Rp 1 is 100; JPY 0; KWD 3). */
  stripeDecimals: number;
  /** Stripe's amount must be a multiple of this (three-decimal currencies end in 0; ISK whole). */
  stripeAmountStep: number;
};

// Stripe's zero-decimal list (docs.stripe.com/currencies#zero-decimal). ISO gives UGX 0 too.
const stripeZeroDecimal = new Set("BIF CLP DJF GNF JPY KMF KRW MGA PYG RWF UGX VND VUV XAF XOF XPF".split(" "));
// ISO 4217 three-decimal currencies; Stripe takes them with a last digit of 0.
const threeDecimal = new Set("BHD IQD JOD KWD LYD OMR TND".split(" "));
// ISO 4217 currencies with no minor unit that Stripe still counts in hundredths (special cases).
const isoZeroStripeTwo = new Set(["ISK"]);
// Two-decimal by ISO and by Stripe's API, but priced and charged in whole units by the shop: no
// coin below the unit circulates (Rp, Ft, NT$), and Stripe pays HUF and TWD out in whole units.
const wholeUnitsByChoice = new Set(["IDR", "HUF", "TWD"]);

/** The facts for an ISO 4217 code (upper case); unknown codes are two-decimal, as most are. */
export function currencyFacts(code: string): CurrencyFacts {
  const c = code.toUpperCase();
  if (stripeZeroDecimal.has(c)) return { isoDecimals: 0, chargeDecimals: 0, stripeDecimals: 0, stripeAmountStep: 1 };
  if (threeDecimal.has(c)) return { isoDecimals: 3, chargeDecimals: 3, stripeDecimals: 3, stripeAmountStep: 10 };
  if (isoZeroStripeTwo.has(c)) return { isoDecimals: 0, chargeDecimals: 0, stripeDecimals: 2, stripeAmountStep: 100 };
  if (wholeUnitsByChoice.has(c)) return { isoDecimals: 2, chargeDecimals: 0, stripeDecimals: 2, stripeAmountStep: 100 };
  return { isoDecimals: 2, chargeDecimals: 2, stripeDecimals: 2, stripeAmountStep: 1 };
}

/**
 * The smallest step the shop prices and charges in: 0.01 USD, 1 IDR, 1 JPY, and 0.010 KWD, as
 * Stripe takes three-decimal amounts only in multiples of 10 (docs/markets.md#minor-units). One
 * step for every provider, so a price does not depend on who takes the payment.
 */
export function chargeUnit(code: string): Decimal {
  const facts = currencyFacts(code);
  const written = new Decimal(10).pow(-facts.chargeDecimals);
  const stripe = new Decimal(facts.stripeAmountStep).times(new Decimal(10).pow(-facts.stripeDecimals));
  return Decimal.max(written, stripe);
}

/** An amount in ISO minor units (an integer): 10.45 USD → 1045; refuses a fraction of the unit. */
export function toMinorUnits(amount: DecimalValue, code: string): number {
  return scaleToInteger(amount, currencyFacts(code).isoDecimals, code);
}

/** Back from ISO minor units: 1045 USD → 10.45; 1234 KWD → 1.234. */
export function fromMinorUnits(minor: number, code: string): Decimal {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not an integer amount: ${minor}`);
  return new Decimal(minor).times(new Decimal(10).pow(-currencyFacts(code).isoDecimals));
}

/** Stripe's integer `amount` for a charge or refund: Rp 150.000 → 15000000, ¥500 → 500, 1.23 KWD → 1230. */
export function toStripeAmount(amount: DecimalValue, code: string): number {
  const facts = currencyFacts(code);
  if (new Decimal(amount).decimalPlaces() > facts.chargeDecimals)
    throw new RangeError(`${code} is charged in steps of ${chargeUnit(code).toString()}: ${amount.toString()}`);
  const value = scaleToInteger(amount, facts.stripeDecimals, code);
  if (value % facts.stripeAmountStep !== 0)
    throw new RangeError(`Stripe takes ${code} amounts in multiples of ${facts.stripeAmountStep}: ${value}`);
  return value;
}

/** Back from Stripe's integer `amount`: 15000000 IDR → 150000. */
export function fromStripeAmount(amount: number, code: string): Decimal {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Not an integer amount: ${amount}`);
  return new Decimal(amount).times(new Decimal(10).pow(-currencyFacts(code).stripeDecimals));
}

function scaleToInteger(amount: DecimalValue, decimals: number, code: string): number {
  const scaled = new Decimal(amount).times(new Decimal(10).pow(decimals));
  if (!scaled.isInteger()) throw new RangeError(`${amount.toString()} ${code} is finer than its minor unit`);
  const n = scaled.toNumber();
  if (!Number.isSafeInteger(n)) throw new RangeError(`${amount.toString()} ${code} is too large`);
  return n;
}

// Stripe's published minimum charge per currency (docs.stripe.com/currencies#minimum-and-maximum-charge-amounts).
const stripeMinimums: Record<string, string> = {
  USD: "0.50",
  AED: "2.00",
  AUD: "0.50",
  BGN: "1.00",
  BRL: "0.50",
  CAD: "0.50",
  CHF: "0.50",
  CZK: "15.00",
  DKK: "2.50",
  EUR: "0.50",
  GBP: "0.30",
  HKD: "4.00",
  HUF: "175.00",
  INR: "0.50",
  JPY: "50",
  MXN: "10",
  MYR: "2",
  NOK: "3.00",
  NZD: "0.50",
  PLN: "2.00",
  RON: "2.00",
  SEK: "3.00",
  SGD: "0.50",
  THB: "10",
};

/** Stripe's listed minimum for a currency, or null where Stripe asks for the equivalent of 0.50 USD. */
export function stripeListedMinimum(code: string): Decimal | null {
  const listed = stripeMinimums[code.toUpperCase()];
  return listed === undefined ? null : new Decimal(listed);
}

/**
 * The smallest charge Stripe accepts in a market's currency: its listed minimum, else 0.50 USD
 * converted at `usdRate` (market units per USD) and rounded up to the charge unit.
 */
export function stripeMinimumCharge(code: string, usdRate: DecimalValue): Decimal {
  const listed = stripeListedMinimum(code);
  if (listed) return listed;
  const unit = chargeUnit(code);
  return new Decimal("0.50").times(usdRate).dividedBy(unit).ceil().times(unit);
}
