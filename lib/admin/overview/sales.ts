// Sales, cost and margin of delivered lines (unitPrice×qty vs unitCost×qty), summed with
// Decimal in the app so the figures are exact on SQLite and PostgreSQL alike. All in the wallet
// currency: a line charged in a market's currency counts at its wallet-currency sale.
import "server-only";
import { db, Prisma } from "@/lib/db";
import { walletUnitPriceOf } from "@/lib/orders/core/wallet-figures";

export type Totals = { sales: string; cost: string; margin: string; lines: number };
export type DayBar = { day: string; sales: string; margin: string };
export type SalesSummary = { today: Totals; d7: Totals; d30: Totals; days: DayBar[] };

const dayMs = 86_400_000;
const maxLines = 200_000;

function startOfUtcDay(d: Date): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

/** Today / last 7 days / last 30 days (UTC days, today included) and a per-day series for the chart. */
export async function getSalesSummary(now: Date = new Date()): Promise<SalesSummary> {
  const today = startOfUtcDay(now);
  const since30 = new Date(today.getTime() - 29 * dayMs);
  const lines = await db.orderLine.findMany({
    where: { status: "delivered", deliveredAt: { gte: since30 } },
    select: { unitPrice: true, walletUnitPrice: true, unitCost: true, quantity: true, deliveredAt: true },
    take: maxLines,
  });
  const zero = new Prisma.Decimal(0);
  const perDay = new Map<string, { sales: Prisma.Decimal; cost: Prisma.Decimal; n: number }>();
  for (let i = 0; i < 30; i++)
    perDay.set(new Date(since30.getTime() + i * dayMs).toISOString().slice(0, 10), { sales: zero, cost: zero, n: 0 });
  for (const l of lines) {
    const key = l.deliveredAt!.toISOString().slice(0, 10);
    const bucket = perDay.get(key);
    if (!bucket) continue;
    bucket.sales = bucket.sales.plus(walletUnitPriceOf(l).times(l.quantity));
    bucket.cost = bucket.cost.plus(l.unitCost.times(l.quantity));
    bucket.n += 1;
  }
  const entries = [...perDay.entries()];
  const sum = (n: number): Totals => {
    const part = entries.slice(-n);
    const sales = part.reduce((a, [, b]) => a.plus(b.sales), zero);
    const cost = part.reduce((a, [, b]) => a.plus(b.cost), zero);
    return {
      sales: sales.toFixed(2),
      cost: cost.toFixed(2),
      margin: sales.minus(cost).toFixed(2),
      lines: part.reduce((a, [, b]) => a + b.n, 0),
    };
  };
  return {
    today: sum(1),
    d7: sum(7),
    d30: sum(30),
    days: entries.map(([day, b]) => ({ day, sales: b.sales.toFixed(2), margin: b.sales.minus(b.cost).toFixed(2) })),
  };
}
