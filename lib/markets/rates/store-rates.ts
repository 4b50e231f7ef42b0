// Writes one day's wallet-currency rates: a rate within the threshold of the currency's active
// one becomes active (the old one superseded); a larger move is stored held, waiting for an
// owner (docs/markets.md#rates). One transaction, so readers see the old day or the new one.
import "server-only";
import { db } from "@/lib/db";
import type { Decimal } from "@/lib/pricing/decimal";
import { isJump, movePercent } from "./cross-rates";

export type RatesToStore = {
  base: string;
  feedDate: Date;
  rates: ReadonlyMap<string, Decimal>;
  sourceUrl: string;
  thresholdPercent: number;
  now: Date;
};

/** The newest feed date stored for this wallet currency (any status), or null. */
export async function newestFeedDate(base: string): Promise<Date | null> {
  const row = await db.referenceRate.findFirst({
    where: { baseCurrency: base },
    orderBy: { feedDate: "desc" },
    select: { feedDate: true },
  });
  return row?.feedDate ?? null;
}

/** Stores the rates; returns how many apply now and how many wait for an owner. */
export async function storeRates(input: RatesToStore): Promise<{ applied: number; held: number }> {
  const { base, feedDate, sourceUrl, now } = input;
  return db.$transaction(async (tx) => {
    let applied = 0;
    let held = 0;
    for (const [currency, rate] of input.rates) {
      const active = await tx.referenceRate.findFirst({ where: { currency, baseCurrency: base, status: "active" } });
      const row = { currency, rate, baseCurrency: base, feedDate, fetchedAt: now, checkedAt: now, sourceUrl };
      // A newer rate replaces a rate that was still waiting for an owner.
      const waiting = { currency, baseCurrency: base, status: "held" };
      await tx.referenceRate.updateMany({ where: waiting, data: { status: "superseded" } });
      if (active && isJump(active.rate, rate, input.thresholdPercent)) {
        const move = movePercent(active.rate, rate).toDecimalPlaces(2);
        await tx.referenceRate.create({
          data: { ...row, status: "held", previousRate: active.rate, movePercent: move },
        });
        held++;
        continue;
      }
      if (active) await tx.referenceRate.update({ where: { id: active.id }, data: { status: "superseded" } });
      await tx.referenceRate.create({ data: { ...row, status: "active" } });
      applied++;
    }
    return { applied, held };
  });
}

/** The feed was read again and still carries `feedDate`: its rates are that much younger. */
export async function markRatesChecked(base: string, feedDate: Date, now: Date): Promise<void> {
  await db.referenceRate.updateMany({
    where: { baseCurrency: base, feedDate, status: { in: ["active", "held"] } },
    data: { checkedAt: now },
  });
}
