"use server";
// Promo code mutations (permission, strict schema and audit are in lib/admin/promos).
import { revalidatePath } from "next/cache";
import { savePromo } from "@/lib/admin/promos/save-promo";
import type { ActionState } from "@/lib/errors";

/** Creates or edits a promo code. */
export async function savePromoAction(input: unknown): Promise<ActionState> {
  const result = await savePromo(input);
  if (result.ok) revalidatePath("/admin/promos", "layout");
  return result;
}
