"use server";
// The overview's one action: re-read the upstream balance now instead of waiting for the cache.
import { revalidatePath } from "next/cache";
import { requirePermission } from "@/lib/auth/guards";
import { AppError, type ActionState } from "@/lib/errors";
import { getBalanceView } from "./balance";

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
