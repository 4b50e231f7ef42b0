"use server";
// Settings mutations (owner-only writes and audit are in lib/admin/settings and lib/admin/go-live).
import { revalidatePath } from "next/cache";
import { testUpstreamConnection } from "@/lib/admin/settings/connection-test";
import { updateShopSettings } from "@/lib/admin/settings/update-settings";
import { updateStaffTwoFactorMode } from "@/lib/admin/settings/two-factor-mode";
import { checkSmtpNow, checkUpstreamNow, confirmBackups } from "@/lib/admin/go-live/run-checks";
import { formToObject, refreshPage } from "@/lib/http/action";
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

/** The checklist shows stored results: re-render it. */
const refreshSettings = () => refreshPage("/admin/settings");

/** Go-live checklist: one GET /balance on the upstream (owner only). */
export async function checkUpstreamAction(_prev: ActionState | null): Promise<ActionState> {
  const result = await checkUpstreamNow({});
  refreshSettings();
  return result;
}

/** Go-live checklist: connect and authenticate to SMTP (owner only). */
export async function checkSmtpAction(_prev: ActionState | null): Promise<ActionState> {
  const result = await checkSmtpNow({});
  refreshSettings();
  return result;
}

/** Go-live checklist: the owner confirms backups are set up. */
export async function confirmBackupsAction(_prev: ActionState | null): Promise<ActionState> {
  const result = await confirmBackups({});
  refreshSettings();
  return result;
}

/** Whether staff and support must use two-factor sign-in (owner only). */
export async function saveStaffTwoFactorModeAction(_prev: ActionState | null, form: FormData): Promise<ActionState> {
  const result = await updateStaffTwoFactorMode(formToObject(form));
  if (result.ok) revalidatePath("/admin/settings");
  return result;
}
