// What routing knows of each configured supplier now (docs/suppliers.md#routing): the owner's
// settings (enabled, priority), its own wallet (a 402 pauses it; its estimate less the reserve
// and its spends not yet counted is what it can pay for), its health from its latest recorded calls
// (health.ts) and its request budget (budget-state.ts).
import "server-only";
import { db } from "@/lib/db";
import { listSuppliers } from "@/lib/suppliers/rows";
import { findSupplierConfig } from "@/lib/upstream";
import { hashApiKey } from "@/lib/upstream/db-budget";
import { pendingSpendTotal } from "@/lib/wallet/spends";
import { walletIdOf } from "@/lib/wallet/wallet-row";
import { getWalletSettings } from "@/lib/wallet/wallet-settings";
import { hasPurchaseBudget, purchaseBudgetLeft } from "./budget-state";
import type { SupplierState } from "./choose-offer";
import { failingStreak, isFailing } from "./health";

/** The stored request budget of a supplier's API key; null before its first call or when not configured. */
export async function readBudgetRow(name: string) {
  const config = findSupplierConfig(name);
  return config ? db.upstreamBudget.findUnique({ where: { keyHash: hashApiKey(config.apiKey) } }) : null;
}

async function budgetOf(name: string, now: Date): Promise<{ hasBudget: boolean; budgetLeft?: number }> {
  if (!findSupplierConfig(name)) return { hasBudget: true };
  const row = await readBudgetRow(name);
  return { hasBudget: hasPurchaseBudget(row, now), budgetLeft: purchaseBudgetLeft(row, now) ?? undefined };
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
  const [rows, { reserve }] = await Promise.all([listSuppliers(), getWalletSettings()]);
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
        ...(await budgetOf(row.name, now)),
        walletAvailable,
      };
    }),
  );
}
