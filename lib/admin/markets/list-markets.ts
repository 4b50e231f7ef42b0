// The owners' markets page reads the table itself (not the cached lookup), so a save shows at once.
import "server-only";
import { db } from "@/lib/db";
import { toMarket, type Market } from "@/lib/markets/market";
import { hasDemoRate } from "@/lib/markets/seed-markets";

export type MarketListEntry = { market: Market; demoRate: boolean };

/** Every market in the owners' order, each marked when it still sells at setup's demo rate. */
export async function listMarketsForAdmin(): Promise<MarketListEntry[]> {
  const rows = await db.market.findMany({ orderBy: [{ position: "asc" }, { name: "asc" }] });
  return rows.map((row) => ({ market: toMarket(row), demoRate: hasDemoRate(row) }));
}
