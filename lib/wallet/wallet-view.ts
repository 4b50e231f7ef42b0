// The wallet as staff, checkout, alerts and metrics see it: the last read, the running estimate,
// the reserve, whether sales are paused, and how many hours of sales the money above the reserve
// still covers at the last day's rate of supplier spending.
import "server-only";
import { db, Prisma } from "@/lib/db";
import { ensureWallet } from "./wallet-row";
import { getWalletSettings } from "./wallet-settings";

/** The window the sales rate is measured over. */
export const salesRateWindowMs = 24 * 3_600_000;

export type WalletView = {
  balance: Prisma.Decimal | null;
  currency: string | null;
  readAt: Date | null;
  /** Null until the first read: nothing is refused on a guess. */
  estimate: Prisma.Decimal | null;
  reserve: Prisma.Decimal;
  threshold: Prisma.Decimal;
  hoursLeftBelow: number;
  paused: { since: Date; needs: Prisma.Decimal | null } | null;
  /** Supplier spending in the last 24 hours, and per hour. */
  spentLastDay: Prisma.Decimal;
  ratePerHour: Prisma.Decimal;
  /** Hours of sales the estimate above the reserve covers; null when unknown (no read, no recent spending). */
  hoursLeft: number | null;
  /** Below the threshold, or fewer hours left than the owner's limit. */
  low: boolean;
};

const zero = new Prisma.Decimal(0);

/** Hours the money above the reserve lasts at `ratePerHour` (pure). */
export function hoursOfSalesLeft(
  estimate: Prisma.Decimal | null,
  reserve: Prisma.Decimal,
  ratePerHour: Prisma.Decimal,
): number | null {
  if (estimate === null || ratePerHour.lte(0)) return null;
  const above = estimate.minus(reserve);
  return above.lte(0) ? 0 : above.div(ratePerHour).toDecimalPlaces(1).toNumber();
}

/** Everything about a supplier's wallet (main's by default) in one read (three small queries). */
export async function getWalletView(now: Date = new Date(), supplier = "main"): Promise<WalletView> {
  const [row, settings, spent] = await Promise.all([
    ensureWallet(db, supplier),
    getWalletSettings(),
    db.upstreamSpend.aggregate({
      where: {
        supplier, // this supplier's wallet: other suppliers' spends leave their own
        status: { in: ["pending", "debited"] },
        createdAt: { gte: new Date(now.getTime() - salesRateWindowMs) },
      },
      _sum: { amount: true },
    }),
  ]);
  const spentLastDay = new Prisma.Decimal(spent._sum.amount ?? 0);
  const ratePerHour = spentLastDay.div(salesRateWindowMs / 3_600_000);
  const hoursLeft = hoursOfSalesLeft(row.estimate, settings.reserve, ratePerHour);
  const belowThreshold = row.estimate !== null && row.estimate.lt(settings.lowBalanceThreshold);
  const fewHours = settings.hoursLeftBelow > 0 && hoursLeft !== null && hoursLeft < settings.hoursLeftBelow;
  return {
    balance: row.balance,
    currency: row.currency,
    readAt: row.readAt,
    estimate: row.estimate,
    reserve: settings.reserve,
    threshold: settings.lowBalanceThreshold,
    hoursLeftBelow: settings.hoursLeftBelow,
    paused: row.pausedAt ? { since: row.pausedAt, needs: row.pauseNeeds } : null,
    spentLastDay: spentLastDay.gt(0) ? spentLastDay : zero,
    ratePerHour,
    hoursLeft,
    low: belowThreshold || fewHours,
  };
}
