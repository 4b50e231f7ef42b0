"use server";
// Search synonym mutations (owner permission, strict schema, catalog version and audit are in lib/admin/search-synonyms).
import { revalidatePath } from "next/cache";
import { deleteSearchSynonym, saveSearchSynonym } from "@/lib/admin/search-synonyms/actions";
import type { ActionState } from "@/lib/errors";

/** Creates or edits a synonym. */
export async function saveSearchSynonymAction(input: unknown): Promise<ActionState> {
  const result = await saveSearchSynonym(input);
  if (result.ok) revalidatePath("/admin/search-synonyms");
  return result;
}

/** Deletes a synonym. */
export async function deleteSearchSynonymAction(input: unknown): Promise<ActionState> {
  const result = await deleteSearchSynonym(input);
  if (result.ok) revalidatePath("/admin/search-synonyms");
  return result;
}
