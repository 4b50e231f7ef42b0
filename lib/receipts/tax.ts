// The tax a receipt shows as included in a total: pure and decimal.
import { Prisma } from "@prisma/client";

/** Tax included in `total` at `ratePercent` (prices include tax): total × r / (100 + r), to the cent. */
export function includedTax(total: Prisma.Decimal.Value, ratePercent: Prisma.Decimal.Value): Prisma.Decimal {
  const rate = new Prisma.Decimal(ratePercent);
  if (rate.lessThanOrEqualTo(0)) return new Prisma.Decimal(0);
  return new Prisma.Decimal(total)
    .times(rate)
    .dividedBy(rate.plus(100))
    .toDecimalPlaces(2, Prisma.Decimal.ROUND_HALF_UP);
}
