// An order's figures in the wallet currency (docs/markets.md#what-an-order-records). An order in
// a market's currency records both: what was charged (unitPrice, lineTotal, total, Refund.amount)
// and the sale in the wallet currency, at the rate of the sale. An order in the wallet currency
// (the default market, and every order before markets) leaves the wallet fields null: they are the
// charged ones. The margin (docs/money-rules.md#m5), the price-rise guard and the books read here.
import { Prisma } from "@/lib/db";
import { currencyFacts } from "@/lib/markets/currencies";

type LineFigures = {
  unitPrice: Prisma.Decimal;
  lineTotal: Prisma.Decimal;
  walletUnitPrice?: Prisma.Decimal | null;
  quantity: number;
};

/** The line's sale price per unit in the wallet currency, after any promo discount. */
export function walletUnitPriceOf(line: Pick<LineFigures, "unitPrice" | "walletUnitPrice">): Prisma.Decimal {
  return line.walletUnitPrice ?? line.unitPrice;
}

/** The line's sale in the wallet currency (its wallet unit price × quantity; its lineTotal when charged in it). */
export function walletLineTotalOf(line: LineFigures): Prisma.Decimal {
  return line.walletUnitPrice ? line.walletUnitPrice.times(line.quantity) : line.lineTotal;
}

/** The order's sale in the wallet currency. */
export function walletTotalOf(order: { total: Prisma.Decimal; walletTotal?: Prisma.Decimal | null }): Prisma.Decimal {
  return order.walletTotal ?? order.total;
}

/** The rate of the sale: units of the charged currency per wallet-currency unit (1 without a market). */
export function rateOf(order: { rate?: Prisma.Decimal | null }): Prisma.Decimal {
  return order.rate ?? new Prisma.Decimal(1);
}

/** A refund's value in the wallet currency. */
export function refundWalletAmountOf(refund: {
  amount: Prisma.Decimal;
  walletAmount?: Prisma.Decimal | null;
}): Prisma.Decimal {
  return refund.walletAmount ?? refund.amount;
}

type OrderFigures = {
  total: Prisma.Decimal;
  walletTotal?: Prisma.Decimal | null;
  rate?: Prisma.Decimal | null;
  walletCurrency?: string | null;
};

/**
 * The wallet-currency value of an amount charged or given back for a whole order (a payment, a
 * held or late payment's refund): the order's wallet total when it is the order's total, else the
 * amount at the rate of the sale, to the wallet currency's smallest unit. Line refunds carry their
 * own exact value (the line's wallet price × units), never this division.
 */
export function walletValueOf(order: OrderFigures, amount: Prisma.Decimal): Prisma.Decimal {
  if (order.rate == null) return amount;
  if (amount.equals(order.total)) return walletTotalOf(order);
  const decimals = currencyFacts(order.walletCurrency ?? "USD").chargeDecimals;
  return amount.dividedBy(order.rate).toDecimalPlaces(decimals, Prisma.Decimal.ROUND_HALF_EVEN);
}
