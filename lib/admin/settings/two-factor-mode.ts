// The owner's choice whether staff and support must use two-factor sign-in (owners always do).
import "server-only";
import { z } from "zod";
import { runStaffAction } from "@/lib/admin/catalog/run-action";
import { recordAudit } from "@/lib/audit/record";
import { getStaffTwoFactorMode, staffTwoFactorModes, staffTwoFactorSettingKey } from "@/lib/auth/two-factor/policy";
import { db } from "@/lib/db";
import type { ActionState } from "@/lib/errors";

export const staffTwoFactorModeSchema = z
  .object({ mode: z.enum(staffTwoFactorModes, "Choose required or optional.") })
  .strict();

/** Saves the mode (owner only), audited with before and after. Staff without it enrol at their next page. */
export async function updateStaffTwoFactorMode(input: unknown): Promise<ActionState> {
  return runStaffAction("settings.write", staffTwoFactorModeSchema, input, async (actor, { mode }) => {
    const before = await getStaffTwoFactorMode();
    await db.setting.upsert({
      where: { key: staffTwoFactorSettingKey },
      create: { key: staffTwoFactorSettingKey, value: mode },
      update: { value: mode },
    });
    if (before !== mode)
      await recordAudit({
        actor,
        action: "settings.staff_two_factor",
        targetType: "settings",
        targetId: "security",
        before: { mode: before },
        after: { mode },
      });
    return {
      ok: true,
      message:
        mode === "required"
          ? "Staff and support must now use two-factor sign-in; those without it set it up before anything else."
          : "Two-factor sign-in is now optional for staff and support (owners always use it).",
    };
  });
}
