// Checkout's wallet check, before any payment: an order the upstream wallet cannot pay for while
// keeping the owner's reserve is refused ("temporarily unavailable"), and so is every order while
// sales are paused by a 402. The money the shop has already promised counts too: lines paid (or
// being paid) but not yet bought will spend it. Without any balance read yet nothing is refused.
// The check is made again at the end of the order's transaction with the wallet row locked
// (recheckWalletInOrder), so checkouts in the same instant cannot pass it together.
import "server-only";
import { db, Prisma } from "@/lib/db";
import { log } from "@/lib/log";
import { pausedReadEveryMs, readBalanceNow } from "@/lib/wallet/read-balance";
import { pendingSpendTotal } from "@/lib/wallet/spends";
import { ensureWallet, walletId } from "@/lib/wallet/wallet-row";
import { getWalletSettings } from "@/lib/wallet/wallet-settings";

export const walletUnavailableMessage =
  "Temporarily unavailable: we cannot take new orders for this right now. Nothing was charged; please try again later.";

export type WalletGuard = { ok: true } | { ok: false; message: string; outcome: "unavailable" };

/** How long an unpaid checkout keeps its cost promised (a hosted payment page stays open up to a day). */
const awaitingPaymentHoldMs = 24 * 3_600_000;

type Tx = Prisma.TransactionClient | typeof db;
type CostedLine = { unitCost: Prisma.Decimal; quantity: number };

const costOf = (lines: CostedLine[]) =>
  lines.reduce((sum, l) => sum.plus(l.unitCost.times(l.quantity)), new Prisma.Decimal(0));

/**
 * Upstream cost of lines paid or being paid that have no supplier order yet, and of supplier
 * orders seen but not yet counted in the estimate (lib/wallet/spends.ts).
 */
export async function committedUpstreamCost(now: Date, tx: Tx = db): Promise<Prisma.Decimal> {
  const pending = await pendingSpendTotal(tx);
  const lines = await tx.orderLine.findMany({
    where: {
      upstreamOrderId: null,
      OR: [
        { status: { in: ["paid", "purchasing"] } },
        { status: "awaiting_payment", createdAt: { gte: new Date(now.getTime() - awaitingPaymentHoldMs) } },
      ],
    },
    select: { unitCost: true, quantity: true },
  });
  return costOf(lines).plus(pending);
}

/** Whether the wallet can pay for these lines now (their live upstream cost). */
export async function guardWalletForSale(lines: CostedLine[], now: Date): Promise<WalletGuard> {
  const cost = costOf(lines);
  let wallet = await ensureWallet();
  // Paused by a 402: a top-up may have come in since; read again (once per interval, shop-wide).
  if (wallet.pausedAt && (!wallet.readAt || now.getTime() - wallet.readAt.getTime() >= pausedReadEveryMs)) {
    await readBalanceNow({
      now,
      priority: "check",
      signal: AbortSignal.timeout(5_000),
      holdAfterFailureMs: pausedReadEveryMs,
    });
    wallet = await ensureWallet();
  }
  const refuse = (why: string, figures: Record<string, string>): WalletGuard => {
    log.info({ ...figures, cost: cost.toFixed(2) }, `checkout refused before payment: ${why}`);
    return { ok: false, message: walletUnavailableMessage, outcome: "unavailable" };
  };
  if (wallet.pausedAt)
    return refuse("sales are paused after a 402 from the supplier", { pausedAt: wallet.pausedAt.toISOString() });
  if (wallet.estimate === null) return { ok: true };
  const [{ reserve }, committed] = await Promise.all([getWalletSettings(), committedUpstreamCost(now)]);
  const after = wallet.estimate.minus(committed).minus(cost);
  if (after.lt(reserve))
    return refuse("the wallet would fall below the reserve", {
      estimate: wallet.estimate.toFixed(2),
      committed: committed.toFixed(2),
      reserve: reserve.toFixed(2),
    });
  return { ok: true };
}

/** Thrown inside the order's transaction when the locked re-check refuses the sale (nothing is written). */
export class WalletRefusedError extends Error {
  constructor() {
    super("wallet: the reserve check refused the order");
    this.name = "WalletRefusedError";
  }
}

/** The owner's reserve, read before the order's transaction (nothing in it may use the global client). */
export async function walletReserve(): Promise<Prisma.Decimal> {
  return (await getWalletSettings()).reserve;
}

/**
 * The reserve check again, as the last step of the transaction that writes the order (its lines
 * are written, so they count among the committed cost): the wallet row is written (a row lock on
 * PostgreSQL, the write lock on SQLite), so checkouts in the same instant are decided one after
 * another, each counting the lines of those before it. The lock is held only for this step and
 * the commit. Every read here goes through `tx`: a query through the global client would wait for
 * a second connection of a pool full of transactions queued on this lock
 * (docs/deployment.md#database-connections). Throws WalletRefusedError; without a wallet row or an
 * estimate nothing is refused.
 */
export async function recheckWalletInOrder(tx: Prisma.TransactionClient, reserve: Prisma.Decimal, now: Date) {
  const { count } = await tx.upstreamWallet.updateMany({ where: { id: walletId }, data: { id: walletId } });
  if (count === 0) return;
  const wallet = await tx.upstreamWallet.findUniqueOrThrow({ where: { id: walletId } });
  if (wallet.pausedAt) throw new WalletRefusedError();
  if (wallet.estimate === null) return;
  if (wallet.estimate.minus(await committedUpstreamCost(now, tx)).lt(reserve)) throw new WalletRefusedError();
}
