// Amounts in emails: the same Intl formatting as the storefront's prices, from decimal strings
// (never floats), so an email and the order page show the same figure: one formatter
// (lib/markets/format.ts).
import { formatMarketMoney } from "@/lib/markets/format";

/**
 * "10.45" + "USD" → "$10.45"; in the order's language ("id": "US$10,45"); an unknown currency
 * code falls back to "10.45 XYZ".
 */
export function formatEmailMoney(amount: string, currency: string, language = "en"): string {
  return formatMarketMoney(amount, currency, language);
}

/** "Order GF-7K3P9Q" when the order has a reference, else "your order". */
export function orderLabel(reference?: string | null): string {
  return reference ? `order ${reference}` : "your order";
}
