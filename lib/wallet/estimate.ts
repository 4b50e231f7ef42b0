// The running estimate of the upstream wallet, shared by every instance through the database:
// the last GET /balance, minus every supplier order the shop learnt of since (once per order:
// the UpstreamSpend row is the claim), plus an order the supplier failed and gave back, and
// corrected by every read and by every 402. A 402 also pauses new sales until a read shows
// enough money again (docs/operations.md#wallet-aware-selling).
import "server-only";
import { db, Prisma } from "@/lib/db";
import { log } from "@/lib/log";
import { applySpend } from "./spends";
import { updateWallet } from "./wallet-row";

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
  supplier = "main",
): Promise<{ resumed: boolean }> {
  const balance = new Prisma.Decimal(read.balance);
  let resumed = false;
  await updateWallet(
    (w) => {
      if (w.readAt && w.readAt > startedAt) return null;
      resumed = w.pausedAt !== null && w.pausedAt < startedAt && balance.gte(reserve.plus(w.pauseNeeds ?? 0));
      return {
        balance,
        currency: read.currency,
        readAt: startedAt,
        estimate: balance,
        ...(resumed ? { pausedAt: null, pauseNeeds: null } : {}),
      };
    },
    db,
    supplier,
  );
  if (resumed)
    log.info({ supplier, balance: balance.toFixed(2) }, "wallet: the balance covers the reserve again; sales resumed");
  return { resumed };
}

/**
 * The supplier refused a purchase for lack of money (402): new sales from it pause, and its
 * estimate is brought under what that purchase needed (its wallet holds less than that). Another
 * supplier's wallet is not touched.
 */
export async function noteInsufficientBalance(needs: Prisma.Decimal, now: Date, supplier = "main"): Promise<void> {
  const below = Prisma.Decimal.max(0, needs.minus(cent));
  const before = await updateWallet(
    (w) => ({
      pausedAt: now,
      pauseNeeds: needs,
      ...(w.estimate !== null && w.estimate.gt(below) ? { estimate: below } : {}),
    }),
    db,
    supplier,
  );
  if (before && before.pausedAt === null)
    log.warn(
      { supplier, needs: needs.toFixed(2) },
      "wallet: the supplier refused a purchase for insufficient balance; new sales are paused",
    );
}

/**
 * A supplier order the shop has just seen (purchase answer or read-back). Its cost leaves the
 * estimate once, unless the last read already held it; a failed order gives its cost back when
 * no read since its debit can have counted the refund. The row is written first and applied after
 * (lib/wallet/spends.ts): when applying fails, the monitor applies it later. Never throws.
 */
export async function noteUpstreamOrder(order: SeenOrder, now: Date, supplier = "main"): Promise<void> {
  const upstreamOrderId = order.orderId;
  try {
    const known = await db.upstreamSpend.findUnique({
      where: { supplier_upstreamOrderId: { supplier, upstreamOrderId } },
    });
    if (known?.status === "restored" || (known?.status === "debited" && order.status !== "failed")) return;
    const amount = new Prisma.Decimal(order.amount);
    if (order.status === "failed" && !known) {
      // Never counted: nothing to give back; the row keeps a later sighting from debiting it.
      await db.upstreamSpend.create({
        data: { supplier, upstreamOrderId, amount, status: "restored", restoredAt: now, createdAt: now },
      });
      return;
    }
    if (order.status === "failed") {
      // A debit not yet applied is simply dropped; an applied one is given back.
      const dropped = await db.upstreamSpend.updateMany({
        where: { supplier, upstreamOrderId, status: "pending" },
        data: { status: "restored", restoredAt: now },
      });
      if (dropped.count === 1) return;
      await db.upstreamSpend.updateMany({
        where: { supplier, upstreamOrderId, status: "debited" },
        data: { status: "restoring" },
      });
    } else if (!known) {
      const orderCreatedAt = order.createdAt ? new Date(order.createdAt) : null;
      await db.upstreamSpend.create({
        data: { supplier, upstreamOrderId, amount, status: "pending", orderCreatedAt, createdAt: now },
      });
    }
    await applySpend(upstreamOrderId, now, supplier);
  } catch (err) {
    // Seen by another worker at the same moment (the unique order id): its row, applied by it or the monitor.
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") return;
    log.warn(
      { err, supplier, upstreamOrderId },
      "wallet: a supplier order is not counted in the estimate yet; the monitor retries",
    );
  }
}

/** Deletes spend rows of a month ago (housekeeping; the sales rate reads the last day). */
export async function pruneSpends(now: Date, keepMs = 30 * 86_400_000): Promise<number> {
  const { count } = await db.upstreamSpend.deleteMany({
    where: { createdAt: { lt: new Date(now.getTime() - keepMs) } },
  });
  return count;
}
