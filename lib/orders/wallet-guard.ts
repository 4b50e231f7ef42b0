// Checkout's wallet check, before any payment: an order the upstream wallet cannot pay for while
// keeping the owner's reserve is refused ("temporarily unavailable"), and so is every order while
// sales are paused by a 402. The money the shop has already promised counts too: lines paid (or
// being paid) but not yet bought will spend it. Without any balance read yet nothing is refused.
import "server-only";
import { db, Prisma } from "@/lib/db";
import { log } from "@/lib/log";
import { pausedReadEveryMs, readBalanceNow } from "@/lib/wallet/read-balance";
import { ensureWallet } from "@/lib/wallet/wallet-row";
import { getWalletSettings } from "@/lib/wallet/wallet-settings";

export const walletUnavailableMessage =
  "Temporarily unavailable: we cannot take new orders for this right now. Nothing was charged; please try again later.";

export type WalletGuard = { ok: true } | { ok: false; message: string; outcome: "unavailable" };

/** How long an unpaid checkout keeps its cost promised (a hosted payment page stays open up to a day). */
const awaitingPaymentHoldMs = 24 * 3_600_000;

/** Upstream cost of lines paid or being paid that have no supplier order yet. */
export async function committedUpstreamCost(now: Date): Promise<Prisma.Decimal> {
  const lines = await db.orderLine.findMany({
    where: {
      upstreamOrderId: null,
      OR: [
        { status: { in: ["paid", "purchasing"] } },
        { status: "awaiting_payment", createdAt: { gte: new Date(now.getTime() - awaitingPaymentHoldMs) } },
      ],
    },
    select: { unitCost: true, quantity: true },
  });
  return lines.reduce((sum, l) => sum.plus(l.unitCost.times(l.quantity)), new Prisma.Decimal(0));
}

/** Whether the wallet can pay for these lines now (their live upstream cost). */
export async function guardWalletForSale(
  lines: { unitCost: Prisma.Decimal; quantity: number }[],
  now: Date,
): Promise<WalletGuard> {
  const cost = lines.reduce((sum, l) => sum.plus(l.unitCost.times(l.quantity)), new Prisma.Decimal(0));
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
