// What routing knows of each configured supplier now (docs/suppliers.md#routing): the owner's
// settings (enabled, priority) and its own wallet (a 402 pauses it; its estimate less the reserve
// and its spends not yet counted is what it can pay for).
import "server-only";
import { db } from "@/lib/db";
import { listSuppliers } from "@/lib/suppliers/rows";
import { pendingSpendTotal } from "@/lib/wallet/spends";
import { walletIdOf } from "@/lib/wallet/wallet-row";
import { getWalletSettings } from "@/lib/wallet/wallet-settings";
import type { SupplierState } from "./choose-offer";

/** Every configured supplier's state. Request budget is not consulted yet: each counts as having one. */
export async function readSupplierStates(): Promise<SupplierState[]> {
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
        hasBudget: true,
        walletAvailable,
      };
    }),
  );
}
