// A code's uses are claimed in the transaction that writes the order, BEFORE the payment provider
// is called (claim before call), and given back in the transaction that ends the order unpaid or
// refunded. The claim is one conditional UPDATE of the code's counter: two checkouts racing for
// the last use cannot both win, on SQLite or PostgreSQL. The counter's row lock then makes the
// per-shopper count and the new redemption row one step for this code.
import "server-only";
import { db, type Prisma } from "@/lib/db";
import { countShopperUses, shopperEmailKey, unusableReason, usedByShopperMessage, type Shopper } from "./find-promo";

/** The code could not be claimed; `userMessage` says why in the shopper's words. */
export class PromoClaimError extends Error {
  constructor(readonly userMessage: string) {
    super(userMessage);
    this.name = "PromoClaimError";
  }
}

export type PromoClaim = {
  promoId: string;
  orderId: string;
  shopper: Shopper;
  discount: Prisma.Decimal;
  currency: string;
  now: Date;
};

/** Takes one use of the code for the order, or throws PromoClaimError (the caller's transaction rolls back). */
export async function claimPromoUse(tx: Prisma.TransactionClient, c: PromoClaim): Promise<void> {
  const { now } = c;
  const taken = await tx.promoCode.updateMany({
    where: {
      id: c.promoId,
      active: true,
      AND: [
        { OR: [{ startsAt: null }, { startsAt: { lte: now } }] },
        { OR: [{ endsAt: null }, { endsAt: { gt: now } }] },
        { OR: [{ maxUses: null }, { usedCount: { lt: db.promoCode.fields.maxUses } }] },
      ],
    },
    data: { usedCount: { increment: 1 } },
  });
  const row = await tx.promoCode.findUnique({ where: { id: c.promoId } });
  if (!row) throw new PromoClaimError("This code is no longer valid.");
  if (taken.count !== 1)
    throw new PromoClaimError(unusableReason(row, now, row.currency) ?? "This code has just been used up.");
  if (row.maxUsesPerShopper !== null && (await countShopperUses(row.id, c.shopper, tx)) >= row.maxUsesPerShopper) {
    throw new PromoClaimError(usedByShopperMessage);
  }
  await tx.promoRedemption.create({
    data: {
      promoCodeId: row.id,
      orderId: c.orderId,
      shopperEmail: shopperEmailKey(c.shopper.email),
      userId: c.shopper.userId ?? null,
      discount: c.discount,
      currency: c.currency,
      createdAt: now,
    },
  });
}

/**
 * Gives the order's use back (active → released, counter down), once: called by the order's
 * transition to cancelled or refunded, in that transaction. False when there was none to give.
 */
export async function releasePromoUse(tx: Prisma.TransactionClient, orderId: string, now: Date): Promise<boolean> {
  const released = await tx.promoRedemption.updateMany({
    where: { orderId, status: "active" },
    data: { status: "released", releasedAt: now },
  });
  if (released.count !== 1) return false;
  const use = await tx.promoRedemption.findUniqueOrThrow({ where: { orderId }, select: { promoCodeId: true } });
  await tx.promoCode.updateMany({
    where: { id: use.promoCodeId, usedCount: { gt: 0 } },
    data: { usedCount: { decrement: 1 } },
  });
  return true;
}
