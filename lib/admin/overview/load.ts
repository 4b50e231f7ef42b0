// The /admin overview loader: one guarded entry point for the page.
import "server-only";
import { requirePermission } from "@/lib/auth/guards";
import { getBalanceView } from "./balance";
import { getHealth } from "./health";
import { getSalesSummary } from "./sales";

/** Balance, sales and health together; staff of any role may read it. */
export async function loadOverview(now: Date = new Date()) {
  await requirePermission("orders.read");
  const [balance, sales, health] = await Promise.all([getBalanceView({ now }), getSalesSummary(now), getHealth(now)]);
  return { balance, sales, health };
}
