// The feed quotes every currency per EUR; the shop counts per wallet currency (SHOP_CURRENCY).
// rate(X per wallet) = rate(X per EUR) ÷ rate(wallet per EUR), and EUR itself is
// 1 ÷ rate(wallet per EUR) (docs/markets.md#rates). Pure and decimal throughout.
import { Decimal } from "@/lib/pricing/decimal";

/** Significant digits a cross rate keeps (the feed gives five or six), rounded half to even. */
export const crossRateDigits = 10;

export type CrossRates = { ok: true; rates: Map<string, Decimal> } | { ok: false; reason: string };

/** Every rate of a per-EUR feed, re-based on `wallet`; the wallet currency itself is left out (always 1). */
export function toWalletRates(perEur: ReadonlyMap<string, Decimal>, wallet: string): CrossRates {
  if (wallet === "EUR") return { ok: true, rates: new Map(perEur) };
  const walletPerEur = perEur.get(wallet);
  if (!walletPerEur) return { ok: false, reason: `the feed has no rate for the wallet currency ${wallet}` };
  if (!walletPerEur.greaterThan(0)) return { ok: false, reason: `the feed's rate for ${wallet} is not positive` };
  const round = (d: Decimal) => d.toSignificantDigits(crossRateDigits, Decimal.ROUND_HALF_EVEN);
  const rates = new Map<string, Decimal>([["EUR", round(new Decimal(1).dividedBy(walletPerEur))]]);
  for (const [currency, rate] of perEur) {
    if (currency !== wallet) rates.set(currency, round(rate.dividedBy(walletPerEur)));
  }
  return { ok: true, rates };
}

/** How far `next` moved from `previous`, in percent of `previous` (always ≥ 0). */
export function movePercent(previous: Decimal, next: Decimal): Decimal {
  return next.minus(previous).abs().dividedBy(previous).times(100);
}

/** True when a move is larger than the threshold and must wait for an owner. */
export function isJump(previous: Decimal, next: Decimal, thresholdPercent: number): boolean {
  return movePercent(previous, next).greaterThan(thresholdPercent);
}
