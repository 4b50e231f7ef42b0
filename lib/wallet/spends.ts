// Applying a supplier order to the wallet estimate, once. The UpstreamSpend row is written first
// (`pending`, or `restoring` for an order the supplier failed after it was debited), then applied
// in a short transaction whose first write claims the row (`pending → debited`, `restoring →
// restored`), so it moves the estimate exactly once however many processes try. When that
// transaction fails (a busy database: P2028), the row stays pending and the monitor applies it
// on its next pass (docs/operations.md#wallet-aware-selling): a lost update is late, never dropped.
// When even the row could not be written, the monitor finds the order on its line.
import "server-only";
import { db, Prisma } from "@/lib/db";
import { log } from "@/lib/log";
import { ensureWallet, supplierOfWallet, updateWallet, walletIdOf } from "./wallet-row";

/** Statuses of a spend not yet applied to the estimate. */
export const unappliedSpend = ["pending", "restoring"];

/** Applies one spend row if it is still pending or restoring; returns whether it moved (claimed) it. */
export async function applySpend(upstreamOrderId: number, now: Date, supplier = "main"): Promise<boolean> {
  await ensureWallet(db, supplier); // outside the transaction: a PostgreSQL transaction cannot survive a lost create race
  // Each transaction writes first: SQLite then takes its write lock at once, so two processes
  // never both hold a read lock while waiting to write (a deadlock SQLite answers with BUSY).
  return db.$transaction(async (tx) => {
    const debit = await tx.upstreamSpend.updateMany({
      where: { supplier, upstreamOrderId, status: "pending" },
      data: { status: "debited" },
    });
    const restore =
      debit.count === 1
        ? { count: 0 }
        : await tx.upstreamSpend.updateMany({
            where: { supplier, upstreamOrderId, status: "restoring" },
            data: { status: "restored", restoredAt: now },
          });
    if (debit.count + restore.count === 0) return false;
    const key = { supplier_upstreamOrderId: { supplier, upstreamOrderId } };
    const spend = await tx.upstreamSpend.findUniqueOrThrow({ where: key });
    const wallet = await tx.upstreamWallet.findUniqueOrThrow({ where: { id: walletIdOf(supplier) } });
    if (wallet.estimate === null) return true;
    if (restore.count === 1) {
      // Given back only when no read since the debit can already show the refund.
      const unread = spend.countedAt !== null && wallet.readAt !== null && spend.countedAt >= wallet.readAt;
      if (unread)
        await updateWallet(
          (w) => (w.estimate === null ? null : { estimate: w.estimate.plus(spend.amount) }),
          tx,
          supplier,
        );
      return true;
    }
    // A read that began after the order was placed already holds it.
    const inLastRead = wallet.readAt !== null && spend.orderCreatedAt !== null && spend.orderCreatedAt < wallet.readAt;
    if (inLastRead) return true;
    await tx.upstreamSpend.update({ where: key, data: { countedAt: now } });
    await updateWallet(
      (w) => (w.estimate === null ? null : { estimate: w.estimate.minus(spend.amount) }),
      tx,
      supplier,
    );
    return true;
  });
}

/** Line statuses whose supplier order, if any, failed: nothing of it stays spent. */
const failedLine = ["failed", "refunded", "cancelled"];

/**
 * Supplier orders a line holds but no spend row records (writing the row itself failed, as a
 * query does that finds no free connection in a burst): written now, so the pass applies them.
 * Only lines changed since the last balance read began can matter: an order older than that is in
 * the balance it returned. The line's change time bounds the order's, so a read that begins
 * before the row is applied is not counted twice.
 */
async function recordMissedSpends(now: Date, limit: number, supplier: string): Promise<void> {
  const wallet = await db.upstreamWallet.findUnique({ where: { id: walletIdOf(supplier) }, select: { readAt: true } });
  if (!wallet?.readAt) return;
  let written = 0;
  let after: string | undefined;
  // Page by id through every line since the read (a page of ids can all be known), so a missed
  // order behind many counted ones is still found; at most `limit` rows are written a pass.
  while (written < limit) {
    const lines = await db.orderLine.findMany({
      where: {
        supplier,
        upstreamOrderId: { not: null },
        upstreamAmount: { not: null },
        updatedAt: { gte: wallet.readAt },
      },
      orderBy: { id: "asc" },
      take: missedPage,
      ...(after ? { cursor: { id: after }, skip: 1 } : {}),
      select: { id: true, upstreamOrderId: true, upstreamAmount: true, status: true, updatedAt: true },
    });
    if (lines.length === 0) return;
    after = lines[lines.length - 1]!.id;
    const known = await db.upstreamSpend.findMany({
      where: { supplier, upstreamOrderId: { in: lines.map((l) => l.upstreamOrderId!) } },
      select: { upstreamOrderId: true },
    });
    const seen = new Set(known.map((k) => k.upstreamOrderId));
    for (const line of lines) {
      if (seen.has(line.upstreamOrderId!) || written >= limit) continue;
      if (await recordMissedSpend(line, now, supplier)) written++;
    }
    if (lines.length < missedPage) return;
  }
}

const missedPage = 500;

/** Writes the spend row of a line's supplier order; false when one was written meanwhile. */
async function recordMissedSpend(
  line: { upstreamOrderId: number | null; upstreamAmount: Prisma.Decimal | null; status: string; updatedAt: Date },
  now: Date,
  supplier: string,
): Promise<boolean> {
  const failed = failedLine.includes(line.status);
  try {
    await db.upstreamSpend.create({
      data: {
        supplier,
        upstreamOrderId: line.upstreamOrderId!,
        amount: line.upstreamAmount!,
        status: failed ? "restored" : "pending",
        restoredAt: failed ? now : null,
        orderCreatedAt: line.updatedAt,
        createdAt: now,
      },
    });
    log.info(
      { supplier, upstreamOrderId: line.upstreamOrderId },
      "wallet: a supplier order without a spend row recorded",
    );
    return true;
  } catch (err) {
    // Written meanwhile by the purchase's own sighting: that row stands.
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") return false;
    throw err;
  }
}

/** The monitor's pass: every spend whose first application (or its row's write) failed, oldest first. */
export async function applyPendingSpends(now: Date, limit = 200): Promise<number> {
  for (const supplier of await suppliersWithWallets()) await recordMissedSpends(now, limit, supplier);
  const due = await db.upstreamSpend.findMany({
    where: { status: { in: unappliedSpend } },
    orderBy: { createdAt: "asc" },
    take: limit,
    select: { supplier: true, upstreamOrderId: true },
  });
  let applied = 0;
  for (const { supplier, upstreamOrderId } of due) {
    try {
      if (await applySpend(upstreamOrderId, now, supplier)) applied++;
    } catch (err) {
      log.warn(
        { err, supplier, upstreamOrderId },
        "wallet: a pending supplier order is still not counted; retried next pass",
      );
    }
  }
  if (applied) log.info({ applied }, "wallet: pending supplier orders counted in the estimate");
  return applied;
}

/** The suppliers whose wallet has a row (its estimate started from a read, or a 402 paused it). */
async function suppliersWithWallets(): Promise<string[]> {
  const rows = await db.upstreamWallet.findMany({ select: { id: true } });
  return rows.map((r) => supplierOfWallet(r.id));
}

/** What supplier orders seen but not yet counted will take from a supplier's estimate (its reserve check counts it). */
export async function pendingSpendTotal(
  tx: Prisma.TransactionClient | typeof db = db,
  supplier = "main",
): Promise<Prisma.Decimal> {
  const { _sum } = await tx.upstreamSpend.aggregate({
    where: { supplier, status: "pending" },
    _sum: { amount: true },
  });
  return new Prisma.Decimal(_sum.amount ?? 0);
}
