// Who must use two-factor sign-in: owners always; staff and support when the owner's setting
// says "required" (default "optional"). One home for the rule: the guards and pages import it.
import "server-only";
import { db } from "@/lib/db";
import type { Role } from "@/lib/auth/roles";

export const staffTwoFactorSettingKey = "security.staffTwoFactor";
export const staffTwoFactorModes = ["optional", "required"] as const;
export type StaffTwoFactorMode = (typeof staffTwoFactorModes)[number];

/** The owner's setting for staff and support; anything unreadable counts as "optional". */
export async function getStaffTwoFactorMode(): Promise<StaffTwoFactorMode> {
  const row = await db.setting.findUnique({ where: { key: staffTwoFactorSettingKey } });
  return row?.value === "required" ? "required" : "optional";
}

/** Pure rule: owners always, the other staff roles per the setting. */
export function twoFactorRequiredFor(role: Role, staffMode: StaffTwoFactorMode): boolean {
  return role === "owner" || staffMode === "required";
}

/** The rule for one role, reading the setting only when it matters. */
export async function isTwoFactorRequired(role: Role): Promise<boolean> {
  return role === "owner" || (await getStaffTwoFactorMode()) === "required";
}
