"use server";
// Settings → Alerts form action (useActionState); the rules and the audit are in alert-settings.ts.
import { formToObject, refreshPage } from "@/lib/http/action";
import type { ActionState } from "@/lib/errors";
import { updateAlertChoices } from "./alert-settings";

/** The signed-in owner's alert emails on/off, per alert. */
export async function saveAlertChoicesAction(_prev: ActionState | null, form: FormData): Promise<ActionState> {
  const result = await updateAlertChoices(formToObject(form));
  if (result.ok) refreshPage("/admin/settings");
  return result;
}
