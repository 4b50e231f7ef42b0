// The upstream wallet for the dashboard: the last balance read (read again when a minute old, so
// staff looking at the overview share one upstream call a minute across every instance), the
// running estimate since, the reserve, whether sales are paused and the hours of sales left.
import "server-only";
import { readBalanceNow } from "@/lib/wallet/read-balance";
import { getWalletView } from "@/lib/wallet/wallet-view";

export const balanceTtlMs = 60_000;

export type BalanceView = {
  balance: string | null;
  currency: string | null;
  fetchedAt: Date | null;
  error: string | null;
  threshold: string;
  low: boolean;
  estimate: string | null;
  reserve: string;
  paused: { since: Date; needs: string | null } | null;
  hoursLeft: number | null;
  ratePerHour: string;
};

/** Balance from the wallet when fresh, else read now (`force`: the refresh button). */
export async function getBalanceView(opts: { force?: boolean; now?: Date } = {}): Promise<BalanceView> {
  const now = opts.now ?? new Date();
  let wallet = await getWalletView(now);
  let error: string | null = null;
  const stale = !wallet.readAt || now.getTime() - wallet.readAt.getTime() > balanceTtlMs;
  if (opts.force || stale) {
    const read = await readBalanceNow({ now });
    if (read.status === "failed") error = `Could not read the balance: ${read.error}`;
    wallet = await getWalletView(now);
  }
  return {
    balance: wallet.balance?.toFixed(2) ?? null,
    currency: wallet.currency,
    fetchedAt: wallet.readAt,
    error,
    threshold: wallet.threshold.toString(),
    low: wallet.low,
    estimate: wallet.estimate?.toFixed(2) ?? null,
    reserve: wallet.reserve.toFixed(2),
    paused: wallet.paused ? { since: wallet.paused.since, needs: wallet.paused.needs?.toFixed(2) ?? null } : null,
    hoursLeft: wallet.hoursLeft,
    ratePerHour: wallet.ratePerHour.toFixed(2),
  };
}
