// Money display from decimal strings (never floats): Intl formats the string exactly.
import { formatMarketMoney } from "@/lib/markets/format";

/**
 * "10.45" + "USD" → "$10.45", in the page's language when given ("pt-BR": "US$ 10,45"); an
 * unknown currency code falls back to "10.45 XYZ" (lib/markets/format.ts).
 */
export function formatMoney(amount: string, currency: string, language = "en"): string {
  return formatMarketMoney(amount, currency, language);
}

/**
 * A face value with its unit: a currency as money without needless decimals ("€20", "£12.50"),
 * anything else as a count ("1000 Diamonds").
 */
export function formatFaceValue(value: string, unit: string): string {
  const trimmed = value.includes(".") ? value.replace(/\.?0+$/, "") : value;
  if (/^[A-Z]{3}$/.test(unit)) {
    try {
      const whole = !trimmed.includes(".");
      return new Intl.NumberFormat("en", {
        style: "currency",
        currency: unit,
        minimumFractionDigits: whole ? 0 : 2,
      }).format(trimmed as unknown as number);
    } catch {
      // not a currency Intl knows: fall through
    }
  }
  return `${trimmed} ${unit}`.trim();
}
