"use server";
// Page editing (owner-only write and audit are in lib/admin/content).
import { revalidatePath } from "next/cache";
import { formToObject } from "@/lib/http/action";
import { updateContentPage } from "@/lib/admin/content/update-page";
import type { ActionState } from "@/lib/errors";

/** Saves one page's title and Markdown (form action for useActionState). */
export async function savePageAction(_prev: ActionState | null, form: FormData): Promise<ActionState> {
  const result = await updateContentPage(formToObject(form));
  if (result.ok) revalidatePath("/admin/pages", "layout");
  return result;
}
