"use server";
// Outbox and email settings actions for forms (useActionState); rules and audit live in the
// lib functions they call.
import { formToObject, refreshPage } from "@/lib/http/action";
import { runSmtpCheck, updateCodesInEmail } from "@/lib/admin/settings/email-settings";
import type { ActionState } from "@/lib/errors";
import { retryFailedEmail } from "./retry-email";

/** Puts a failed email back in the queue (staff/owner, audited). */
export async function retryEmailAction(_prev: ActionState | null, form: FormData): Promise<ActionState> {
  const result = await retryFailedEmail(formToObject(form));
  if (result.ok) refreshPage("/admin/outbox");
  return result;
}

/** Owner: codes in the "codes ready" email on/off. */
export async function saveCodesInEmailAction(_prev: ActionState | null, form: FormData): Promise<ActionState> {
  const result = await updateCodesInEmail(formToObject(form));
  if (result.ok) refreshPage("/admin/settings");
  return result;
}

/** Connects to SMTP_URL and authenticates; nothing is sent. */
export async function checkSmtpAction(_prev: ActionState | null): Promise<ActionState> {
  return runSmtpCheck({});
}
