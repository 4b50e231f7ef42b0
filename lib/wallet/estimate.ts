// The running estimate of the upstream wallet, shared by every instance through the database:
// the last GET /balance, minus every supplier order the shop learnt of since (once per order:
// the UpstreamSpend row is the claim), plus an order the supplier failed and gave back, and
// corrected by every read and by every 402. A 402 also pauses new sales until a read shows
// enough money again (docs/operations.md#wallet-aware-selling).
import "server-only";
import { db, Prisma } from "@/lib/db";
import { log } from "@/lib/log";
import { ensureWallet, updateWallet, walletId } from "./wallet-row";

type SeenOrder = { orderId: number; status: string; amount: string; createdAt?: string };

const cent = new Prisma.Decimal("0.01");

/**
 * A balance read that started at `startedAt`: the estimate starts again from it. An older read
 * answering late changes nothing; a read that began after a pause and covers the reserve plus
 * what the refused purchase needed ends the pause. Returns whether sales resumed.
 */
export async function recordBalanceRead(
  read: { balance: string; currency: string },
  startedAt: Date,
  reserve: Prisma.Decimal,
): Promise<{ resumed: boolean }> {
  const balance = new Prisma.Decimal(read.balance);
  let resumed = false;
  await updateWallet((w) => {
    if (w.readAt && w.readAt > startedAt) return null;
    resumed = w.pausedAt !== null && w.pausedAt < startedAt && balance.gte(reserve.plus(w.pauseNeeds ?? 0));
    return {
      balance,
      currency: read.currency,
      readAt: startedAt,
      estimate: balance,
      ...(resumed ? { pausedAt: null, pauseNeeds: null } : {}),
    };
  });
  if (resumed) log.info({ balance: balance.toFixed(2) }, "wallet: the balance covers the reserve again; sales resumed");
  return { resumed };
}

/**
 * The supplier refused a purchase for lack of money (402): new sales pause, and the estimate is
 * brought under what that purchase needed (the wallet holds less than that).
 */
export async function noteInsufficientBalance(needs: Prisma.Decimal, now: Date): Promise<void> {
  const below = Prisma.Decimal.max(0, needs.minus(cent));
  const before = await updateWallet((w) => ({
    pausedAt: now,
    pauseNeeds: needs,
    ...(w.estimate !== null && w.estimate.gt(below) ? { estimate: below } : {}),
  }));
  if (before && before.pausedAt === null)
    log.warn(
      { needs: needs.toFixed(2) },
      "wallet: the supplier refused a purchase for insufficient balance; new sales are paused",
    );
}

/**
 * A supplier order the shop has just seen (purchase answer or read-back). Its cost leaves the
 * estimate once, unless the last read already held it; a failed order gives its cost back when
 * no read since its debit can have counted the refund. Never throws at the caller.
 */
export async function noteUpstreamOrder(order: SeenOrder, now: Date): Promise<void> {
  try {
    const known = await db.upstreamSpend.findUnique({ where: { upstreamOrderId: order.orderId } });
    if (known && (known.status === "restored" || order.status !== "failed")) return;
    const amount = new Prisma.Decimal(order.amount);
    await ensureWallet(); // outside the transaction: a PostgreSQL transaction cannot survive a lost create race
    // Each transaction writes first: SQLite then takes its write lock at once, so two processes
    // never both hold a read lock while waiting to write (a deadlock SQLite answers with BUSY).
    await db.$transaction(async (tx) => {
      if (order.status === "failed") {
        if (!known)
          return void (await tx.upstreamSpend.create({
            data: { upstreamOrderId: order.orderId, amount, status: "restored", restoredAt: now, createdAt: now },
          }));
        const { count } = await tx.upstreamSpend.updateMany({
          where: { upstreamOrderId: order.orderId, status: "debited" },
          data: { status: "restored", restoredAt: now },
        });
        const wallet = await tx.upstreamWallet.findUniqueOrThrow({ where: { id: walletId } });
        // Given back only when no read since the debit can already show the refund.
        const unread = known.countedAt !== null && wallet.readAt !== null && known.countedAt >= wallet.readAt;
        if (count === 1 && unread)
          await updateWallet((w) => (w.estimate === null ? null : { estimate: w.estimate.plus(amount) }), tx);
        return;
      }
      await tx.upstreamSpend.create({
        data: { upstreamOrderId: order.orderId, amount, status: "debited", createdAt: now },
      });
      const wallet = await tx.upstreamWallet.findUniqueOrThrow({ where: { id: walletId } });
      const inLastRead =
        wallet.readAt !== null &&
        order.createdAt !== undefined &&
        Date.parse(order.createdAt) < wallet.readAt.getTime();
      if (wallet.estimate === null || inLastRead) return;
      await tx.upstreamSpend.update({ where: { upstreamOrderId: order.orderId }, data: { countedAt: now } });
      await updateWallet((w) => (w.estimate === null ? null : { estimate: w.estimate.minus(amount) }), tx);
    });
  } catch (err) {
    // Seen by another worker at the same moment (the unique order id): counted once, by it.
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") return;
    log.warn({ err, upstreamOrderId: order.orderId }, "wallet: a supplier order was not counted in the estimate");
  }
}

/** Deletes spend rows of a month ago (housekeeping; the sales rate reads the last day). */
export async function pruneSpends(now: Date, keepMs = 30 * 86_400_000): Promise<number> {
  const { count } = await db.upstreamSpend.deleteMany({
    where: { createdAt: { lt: new Date(now.getTime() - keepMs) } },
  });
  return count;
}
