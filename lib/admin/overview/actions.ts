"use server";
// The overview's actions: re-read the upstream balance now instead of waiting for the cache, and
// compare the books with the supplier's order list.
import { revalidatePath } from "next/cache";
import { requirePermission } from "@/lib/auth/guards";
import { AppError, type ActionState } from "@/lib/errors";
import { recordAudit } from "@/lib/audit/record";
import { getBalanceView } from "./balance";
import { compareWithSupplier } from "./money-health";

/** Costs one upstream call, so it is limited to staff (any role) and never automatic. */
export async function refreshBalanceAction(): Promise<ActionState> {
  try {
    await requirePermission("orders.read");
    const view = await getBalanceView({ force: true });
    if (view.error) return { ok: false, message: view.error };
    try {
      revalidatePath("/admin");
    } catch {
      // Outside a request (tests) there is nothing to revalidate.
    }
    return { ok: true, message: `Balance: ${view.balance} ${view.currency}` };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, message: err.userMessage };
    return { ok: false, message: "Could not refresh the balance." };
  }
}

/** Staff ask: do the supplier's orders and the shop's lines match one to one? (Up to five upstream calls.) */
export async function compareWithSupplierAction(): Promise<ActionState> {
  try {
    const actor = await requirePermission("orders.reconcile");
    const r = await compareWithSupplier();
    await recordAudit({
      actor,
      action: "books.compare_supplier",
      targetType: "books",
      after: { supplierOrders: r.supplierOrders, problems: r.problems.length },
    });
    if (r.problems.length === 0)
      return {
        ok: true,
        message: `The supplier's ${r.supplierOrders} most recent orders match the shop's lines one to one.`,
      };
    return {
      ok: false,
      message:
        r.problems
          .slice(0, 5)
          .map((p) => p.detail)
          .join(" · ") + (r.problems.length > 5 ? ` (and ${r.problems.length - 5} more)` : ""),
    };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, message: err.userMessage };
    return { ok: false, message: "Could not read the supplier's orders right now." };
  }
}
