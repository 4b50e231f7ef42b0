// The second currency of an order sold in a market's currency, for readers who need it (a tax or
// accounting reader of the receipt, staff, emails): the sale in the wallet currency, the rate of
// the sale, and what was refunded in it (docs/markets.md#receipts-and-emails). Null for an order
// charged in the wallet currency: it has one currency.
import { Prisma } from "@/lib/db";
import { amountString } from "@/lib/markets/format";
import { refundWalletAmountOf, walletTotalOf } from "../core/wallet-figures";

type Order = {
  currency: string;
  total: Prisma.Decimal;
  rate: Prisma.Decimal | null;
  walletCurrency: string | null;
  walletTotal: Prisma.Decimal | null;
  refunds: { status: string; amount: Prisma.Decimal; walletAmount: Prisma.Decimal | null }[];
};

/** Amounts as strings in the currency's charge unit (Rp 150000, 10.45 USD, 1.230 KWD). */
export function moneyString(amount: Prisma.Decimal, currency: string): string {
  return amountString(amount, currency);
}

/** The order in the wallet currency, or null when it was charged in it. */
export function walletView(order: Order) {
  if (order.rate === null || !order.walletCurrency || order.walletCurrency === order.currency) return null;
  const refunded = order.refunds
    .filter((r) => r.status === "succeeded")
    .reduce((s, r) => s.plus(refundWalletAmountOf(r)), new Prisma.Decimal(0));
  return {
    currency: order.walletCurrency,
    total: moneyString(walletTotalOf(order), order.walletCurrency),
    refunded: moneyString(refunded, order.walletCurrency),
    /** Units of the charged currency per wallet-currency unit, buffer included ("1 USD = 16830 IDR"). */
    rate: order.rate.toString(),
  };
}
