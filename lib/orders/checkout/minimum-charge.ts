// The smallest payment the provider takes in a currency (Stripe: 0.50 USD, R$ 0,50, ¥50, or the
// equivalent of 0.50 USD where it lists none). A smaller total is refused before payment, with
// the minimum in the shopper's currency, rather than sent to a payment page that would refuse it
// (docs/markets.md#stripe-minor-units-and-minimums).
import "server-only";
import { Prisma } from "@/lib/db";
import { env } from "@/lib/env";
import { currencyFacts } from "@/lib/markets/currencies";
import type { PaymentProvider } from "@/lib/payments/provider";
import type { SaleMarket } from "../quote/market-quote";

/** Why `total` is too small for the provider, or null. */
export function minimumChargeProblem(
  provider: Pick<PaymentProvider, "minimumCharge">,
  total: Prisma.Decimal,
  sale: Pick<SaleMarket, "market" | "pricing">,
): string | null {
  // Market units per USD: the market's mid rate when the wallet is in dollars; otherwise only
  // the provider's listed minimums apply.
  const usdRate = env.SHOP_CURRENCY === "USD" ? new Prisma.Decimal(sale.pricing.rate.toString()) : null;
  const least = provider.minimumCharge?.(sale.market.currency, usdRate);
  if (!least || total.greaterThanOrEqualTo(least.toString())) return null;
  const shown = new Prisma.Decimal(least.toString()).toFixed(currencyFacts(sale.market.currency).chargeDecimals);
  return `The smallest payment we can take in ${sale.market.currency} is ${shown} ${sale.market.currency}. Please add to your cart.`;
}
