// Reading the upstream balance (GET /balance, one call of the shared budget) into the wallet
// estimate. A read is claimed in the database first, so instances that want a fresh balance at
// the same moment make one call, not one each. Readers: the monitor (when the last read is old,
// and often while sales are paused), the overview, and a checkout while sales are paused.
import "server-only";
import { db } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { getUpstream, listSupplierConfigs } from "@/lib/upstream";
import type { Priority } from "@/lib/upstream/types";
import { recordBalanceRead } from "./estimate";
import { ensureWallet, walletIdOf } from "./wallet-row";
import { getWalletSettings } from "./wallet-settings";

/** How long one read may hold its claim (a crashed reader frees it after this). */
const readClaimMs = 30_000;
/** While sales are paused the balance is read again this often (a top-up resumes them quickly). */
export const pausedReadEveryMs = 30_000;

export type ReadResult =
  { status: "read"; resumed: boolean } | { status: "busy" } | { status: "failed"; error: string };

/**
 * One GET /balance now, unless another process is reading it at this moment ("busy").
 * `holdAfterFailureMs`: a failed read keeps its claim that long, so callers that read on demand
 * (checkout while paused) ask a failing endpoint once per interval for the shop, not once each.
 */
export async function readBalanceNow(
  opts: { now?: Date; priority?: Priority; signal?: AbortSignal; holdAfterFailureMs?: number; supplier?: string } = {},
): Promise<ReadResult> {
  const now = opts.now ?? new Date();
  const supplier = opts.supplier ?? "main";
  const walletId = walletIdOf(supplier);
  await ensureWallet(db, supplier);
  const until = new Date(now.getTime() + readClaimMs);
  const claim = await db.upstreamWallet.updateMany({
    where: { id: walletId, OR: [{ readClaimUntil: null }, { readClaimUntil: { lte: now } }] },
    data: { readClaimUntil: until },
  });
  if (claim.count === 0) return { status: "busy" };
  let held: Date | null = null;
  try {
    const read = await getUpstream(supplier).balance({ priority: opts.priority ?? "check", signal: opts.signal });
    const { resumed } = await recordBalanceRead(read, now, (await getWalletSettings()).reserve, supplier);
    return { status: "read", resumed };
  } catch (err) {
    log.warn({ err, supplier }, "wallet: the balance could not be read");
    if (opts.holdAfterFailureMs) held = new Date(now.getTime() + opts.holdAfterFailureMs);
    return { status: "failed", error: err instanceof Error ? err.name : "error" };
  } finally {
    await db.upstreamWallet
      .updateMany({ where: { id: walletId, readClaimUntil: until }, data: { readClaimUntil: held } })
      .catch(() => undefined);
  }
}

/** Whether the balance should be read again now: never read, read too long ago, or paused for a while. */
export async function isBalanceReadDue(now: Date, supplier = "main"): Promise<boolean> {
  const w = await ensureWallet(db, supplier);
  if (!w.readAt) return true;
  const age = now.getTime() - w.readAt.getTime();
  return age >= getEnv().WALLET_READ_INTERVAL_S * 1000 || (w.pausedAt !== null && age >= pausedReadEveryMs);
}

/** The monitor's read of one supplier's wallet: only when due, at background priority. */
export async function refreshBalanceIfDue(now: Date, supplier = "main"): Promise<ReadResult | null> {
  if (!(await isBalanceReadDue(now, supplier))) return null;
  return readBalanceNow({ now, priority: "poll", signal: AbortSignal.timeout(15_000), supplier });
}

/**
 * The monitor's reads: each configured supplier's balance into its own wallet row, with its own
 * client and request budget (docs/suppliers.md#per-supplier). One failing read stops no other.
 */
export async function refreshBalancesIfDue(now: Date): Promise<void> {
  for (const { name } of listSupplierConfigs())
    await refreshBalanceIfDue(now, name).catch((err: unknown) =>
      log.warn({ err, supplier: name }, "monitor: balance read failed"),
    );
}
