"use server";
// Settings mutations (owner-only writes and audit are in lib/admin/settings).
import { revalidatePath } from "next/cache";
import { testUpstreamConnection } from "@/lib/admin/settings/connection-test";
import { updateShopSettings } from "@/lib/admin/settings/update-settings";
import { formToObject } from "@/lib/admin/catalog/run-action";
import type { ActionState } from "@/lib/errors";

/** Saves shop name, currency display and low-balance threshold (form action for useActionState). */
export async function saveSettingsAction(_prev: ActionState | null, form: FormData): Promise<ActionState> {
  const result = await updateShopSettings(formToObject(form));
  if (result.ok) revalidatePath("/admin", "layout");
  return result;
}

/** GET / on the upstream; reports api_version. */
export async function testConnectionAction(_prev: ActionState | null): Promise<ActionState> {
  return testUpstreamConnection({});
}
