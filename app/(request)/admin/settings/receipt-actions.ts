"use server";
// Receipt settings (owner-only writes and audit are in lib/receipts).
import { revalidatePath } from "next/cache";
import { formToObject } from "@/lib/http/action";
import type { ActionState } from "@/lib/errors";
import { updateReceiptSettings } from "@/lib/receipts/receipt-settings";

/** Saves the seller's details and the tax line shown on receipts (form action for useActionState). */
export async function saveReceiptSettingsAction(_prev: ActionState | null, form: FormData): Promise<ActionState> {
  const result = await updateReceiptSettings(formToObject(form));
  if (result.ok) revalidatePath("/admin/settings");
  return result;
}
