// The owner's choice to put codes in the "codes ready" email (default off: the email links to the
// order page, where the buyer reveals them). Read here; written by lib/admin/settings/email-settings.ts.
import "server-only";
import { db } from "@/lib/db";

export const codesInEmailKey = "mail.codesInEmail";

/** True only when the owner turned it on; a missing or unreadable row means off. */
export async function getCodesInEmail(): Promise<boolean> {
  const row = await db.setting.findUnique({ where: { key: codesInEmailKey } });
  return row?.value === "true";
}
