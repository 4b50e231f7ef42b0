"use server";
// The overview's actions: re-read the upstream balance now instead of waiting for the cache, and
// compare the books with the supplier's order list.
import { runStaffAction } from "@/lib/admin/staff-action";
import { recordAudit } from "@/lib/audit/record";
import type { ActionState } from "@/lib/errors";
import { noInput, refreshPage } from "@/lib/http/action";
import { getBalanceView } from "./balance";
import { compareWithSupplier } from "./money-health";

/** Costs one upstream call, so it is limited to staff (any role) and never automatic. */
export async function refreshBalanceAction(): Promise<ActionState> {
  return runStaffAction(
    "orders.read",
    noInput,
    {},
    async () => {
      const view = await getBalanceView({ force: true });
      if (view.error) return { ok: false, message: view.error };
      refreshPage("/admin");
      return { ok: true, message: `Balance: ${view.balance} ${view.currency}` };
    },
    { failMessage: "Could not refresh the balance." },
  );
}

/** Staff ask: do the supplier's orders and the shop's lines match one to one? (Up to five upstream calls.) */
export async function compareWithSupplierAction(): Promise<ActionState> {
  return runStaffAction(
    "orders.reconcile",
    noInput,
    {},
    async (actor) => {
      const r = await compareWithSupplier();
      await recordAudit({
        actor,
        action: "books.compare_supplier",
        targetType: "books",
        after: {
          supplierOrders: r.supplierOrders,
          problems: r.problems.length,
          suppliers: r.suppliers.map((x) => ({
            supplier: x.supplier,
            orders: x.supplierOrders,
            problems: x.problems.length,
          })),
        },
      });
      // One supplier reads as before; several are counted each (the problems name their supplier).
      if (r.problems.length === 0)
        return {
          ok: true,
          message:
            r.suppliers.length === 1
              ? `The supplier's ${r.supplierOrders} most recent orders match the shop's lines one to one.`
              : `Each supplier's most recent orders match the shop's lines one to one (${r.suppliers.map((x) => `${x.supplier}: ${x.supplierOrders}`).join(", ")}).`,
        };
      const shown = r.problems
        .slice(0, 5)
        .map((p) => p.detail)
        .join(" · ");
      return { ok: false, message: shown + (r.problems.length > 5 ? ` (and ${r.problems.length - 5} more)` : "") };
    },
    { failMessage: "Could not read the supplier's orders right now." },
  );
}
