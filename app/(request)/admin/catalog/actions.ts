"use server";
// Catalog mutations from the admin (permission, strict schema and audit are in lib/admin/catalog).
import { revalidatePath } from "next/cache";
import { updateProductFlags } from "@/lib/admin/catalog/product-flags";
import type { ActionState } from "@/lib/errors";

/** Shows/hides a product in the shop or (un)features it. */
export async function setProductFlagsAction(input: unknown): Promise<ActionState> {
  const result = await updateProductFlags(input);
  if (result.ok) revalidatePath("/admin/catalog");
  return result;
}
