// What routing knows of each configured supplier now (docs/suppliers.md#routing): the owner's
// settings (enabled, priority), its own wallet (a 402 pauses it; its estimate less the reserve
// and its spends not yet counted is what it can pay for), its health from its latest recorded calls
// (health.ts) and its request budget less the purchases already waiting there (budget-state.ts).
import "server-only";
import { db } from "@/lib/db";
import { listSuppliers } from "@/lib/suppliers/rows";
import { findSupplierConfig, listSupplierConfigs } from "@/lib/upstream";
import { windowMs, windowStartOf } from "@/lib/upstream/budget";
import { hashApiKey } from "@/lib/upstream/db-budget";
import { pendingSpendTotal } from "@/lib/wallet/spends";
import { walletIdOf } from "@/lib/wallet/wallet-row";
import { getWalletSettings } from "@/lib/wallet/wallet-settings";
import { blockedPastMinute, checkLeavesRoom, hasPurchaseBudget, purchaseBudgetLeft } from "./budget-state";
import type { SupplierState } from "./choose-offer";
import { failingStreak, isFailing } from "./health";

/** The stored request budget of a supplier's API key; null before its first call or when not configured. */
export async function readBudgetRow(name: string) {
  const config = findSupplierConfig(name);
  return config ? db.upstreamBudget.findUnique({ where: { keyHash: hashApiKey(config.apiKey) } }) : null;
}

/**
 * Lines paid and not yet bought, by the supplier they are routed to (docs/suppliers.md#purchases-waiting):
 * each will take a call of that supplier's budget this minute, before any new work there. A line
 * not due before the minute ends takes none of it: one held for staff (no next check until a
 * person decides) or one whose retry is scheduled later (a 402's or a 429's backoff).
 */
async function purchasesWaiting(now: Date): Promise<Map<string, number>> {
  const minuteEnds = new Date(windowStartOf(now.getTime()) + windowMs);
  const groups = await db.orderLine.groupBy({
    by: ["supplier"],
    where: { status: { in: ["paid", "purchasing"] }, upstreamOrderId: null, nextCheckAt: { lt: minuteEnds } },
    _count: { _all: true },
  });
  return new Map(groups.map((g) => [g.supplier, g._count._all]));
}

/** The purchases waiting on a supplier's budget: its own and those of suppliers sharing its API key. */
function waitingOnKeyOf(name: string, waiting: Map<string, number>): number {
  const key = findSupplierConfig(name)?.apiKey;
  return listSupplierConfigs()
    .filter((c) => c.apiKey === key)
    .reduce((sum, c) => sum + (waiting.get(c.name) ?? 0), 0);
}

async function budgetOf(
  name: string,
  now: Date,
  waiting: Map<string, number>,
): Promise<Pick<SupplierState, "hasBudget" | "budgetLeft" | "blocked" | "checksYield">> {
  // A supplier the environment does not configure has no budget to read and never holds a check back.
  if (!findSupplierConfig(name)) return { hasBudget: true, checksYield: false };
  const row = await readBudgetRow(name);
  const queued = waitingOnKeyOf(name, waiting);
  return {
    hasBudget: hasPurchaseBudget(row, now, queued),
    budgetLeft: purchaseBudgetLeft(row, now, queued) ?? undefined,
    blocked: blockedPastMinute(row, now),
    checksYield: !checkLeavesRoom(row, now, queued),
  };
}

/**
 * Whether a shopper's live check at this supplier would take a call now that its share of the
 * minute or the purchases waiting there need (budget-state.ts); the quote then prices the line from
 * the fresh catalog. For a line no offer routes (a shop with main alone): routed lines read it from
 * their supplier's state (readSupplierStates).
 */
export async function checksYieldAt(name: string, now: Date): Promise<boolean> {
  return (await budgetOf(name, now, await purchasesWaiting(now))).checksYield === true;
}

/** Whether the supplier's latest recorded calls make it failing at `now` (health.ts). */
export async function failingAt(name: string, now: Date): Promise<boolean> {
  const latest = await db.upstreamCall.findMany({
    where: { supplier: name, createdAt: { lte: now } },
    orderBy: { createdAt: "desc" },
    take: failingStreak,
    select: { httpStatus: true, outcome: true, createdAt: true },
  });
  return isFailing(latest, now);
}

/** Every configured supplier's state at `now`. */
export async function readSupplierStates(now: Date = new Date()): Promise<SupplierState[]> {
  const [rows, { reserve }, waiting] = await Promise.all([listSuppliers(), getWalletSettings(), purchasesWaiting(now)]);
  return Promise.all(
    rows.map(async (row) => {
      const wallet = await db.upstreamWallet.findUnique({ where: { id: walletIdOf(row.name) } });
      const estimate = wallet?.estimate ?? null;
      const walletAvailable =
        estimate === null ? null : estimate.minus(reserve).minus(await pendingSpendTotal(db, row.name));
      return {
        name: row.name,
        priority: row.priority,
        enabled: row.enabled,
        paused: wallet?.pausedAt != null,
        failing: await failingAt(row.name, now),
        ...(await budgetOf(row.name, now, waiting)),
        walletAvailable,
      };
    }),
  );
}
