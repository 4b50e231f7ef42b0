"use server";
// Outbox and email settings actions for forms (useActionState); rules and audit live in the
// lib functions they call.
import { revalidatePath } from "next/cache";
import { formToObject } from "@/lib/admin/catalog/run-action";
import { runSmtpCheck, updateCodesInEmail } from "@/lib/admin/settings/email-settings";
import type { ActionState } from "@/lib/errors";
import { retryFailedEmail } from "./retry-email";

function revalidate(path: string): void {
  try {
    revalidatePath(path);
  } catch {
    // Outside a request (tests) there is nothing to revalidate.
  }
}

/** Puts a failed email back in the queue (staff/owner, audited). */
export async function retryEmailAction(_prev: ActionState | null, form: FormData): Promise<ActionState> {
  const result = await retryFailedEmail(formToObject(form));
  if (result.ok) revalidate("/admin/outbox");
  return result;
}

/** Owner: codes in the "codes ready" email on/off. */
export async function saveCodesInEmailAction(_prev: ActionState | null, form: FormData): Promise<ActionState> {
  const result = await updateCodesInEmail(formToObject(form));
  if (result.ok) revalidate("/admin/settings");
  return result;
}

/** Connects to SMTP_URL and authenticates; nothing is sent. */
export async function checkSmtpAction(_prev: ActionState | null): Promise<ActionState> {
  return runSmtpCheck({});
}
