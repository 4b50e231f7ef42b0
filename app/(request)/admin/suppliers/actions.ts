"use server";
// Supplier settings mutations (owner permission, strict schema and audit are in lib/admin/suppliers).
import { revalidatePath } from "next/cache";
import { saveSupplierSettings } from "@/lib/admin/suppliers/actions";
import type { ActionState } from "@/lib/errors";

/** Saves one supplier's label, priority and enabled flag. */
export async function saveSupplierSettingsAction(input: unknown): Promise<ActionState> {
  const result = await saveSupplierSettings(input);
  if (result.ok) revalidatePath("/admin/suppliers");
  return result;
}
