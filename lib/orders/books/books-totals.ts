// The books report's sums (books.ts): money kept and value delivered over the settled orders
// checked, per currency charged and again in the wallet currency (docs/markets.md#books).
import { Prisma } from "@/lib/db";

const zero = new Prisma.Decimal(0);

type Balance = { kept: Prisma.Decimal; delivered: Prisma.Decimal };
export type OrderBalance = { currency: string; charged: Balance; walletCurrency: string; wallet: Balance };

/** Sums the balances of settled orders; `view()` gives them as decimal strings. */
export class BooksTotals {
  private charged = new Map<string, Balance>();
  private wallet = new Map<string, Balance>();
  add(b: OrderBalance) {
    for (const [map, currency, v] of [
      [this.charged, b.currency, b.charged],
      [this.wallet, b.walletCurrency, b.wallet],
    ] as const) {
      const t = map.get(currency) ?? { kept: zero, delivered: zero };
      map.set(currency, { kept: t.kept.plus(v.kept), delivered: t.delivered.plus(v.delivered) });
    }
  }
  view() {
    const list = (map: Map<string, Balance>) =>
      [...map].map(([currency, t]) => ({ currency, kept: t.kept.toString(), delivered: t.delivered.toString() }));
    return { charged: list(this.charged), wallet: list(this.wallet) };
  }
}
