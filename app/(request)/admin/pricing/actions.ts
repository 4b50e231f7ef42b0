"use server";
// Pricing rule mutations (permission, strict schema, repricing and audit are in lib/admin/pricing).
import { revalidatePath } from "next/cache";
import { deletePricingRule, savePricingRule } from "@/lib/admin/pricing/rule-actions";
import type { ActionState } from "@/lib/errors";

/** Creates or edits a rule, then reprices the catalog. */
export async function savePricingRuleAction(input: unknown): Promise<ActionState> {
  const result = await savePricingRule(input);
  if (result.ok) revalidatePath("/admin/pricing");
  return result;
}

/** Deletes a non-global rule, then reprices the catalog. */
export async function deletePricingRuleAction(input: unknown): Promise<ActionState> {
  const result = await deletePricingRule(input);
  if (result.ok) revalidatePath("/admin/pricing");
  return result;
}
