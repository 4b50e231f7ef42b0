"use server";
// Market mutations (owners only; schema, the default-market rules and audit are in lib/admin/markets).
import { saveMarket, setMarketEnabled } from "@/lib/admin/markets/market-actions";
import type { ActionState } from "@/lib/errors";
import { refreshPage } from "@/lib/http/action";

/** Creates or edits a market. */
export async function saveMarketAction(input: unknown): Promise<ActionState> {
  const result = await saveMarket(input);
  if (result.ok) refreshPage("/admin/markets");
  return result;
}

/** Enables or disables a market (never the default). */
export async function setMarketEnabledAction(input: unknown): Promise<ActionState> {
  const result = await setMarketEnabled(input);
  if (result.ok) refreshPage("/admin/markets");
  return result;
}
