"use server";
// The owner's staff-account actions: create (one-time password shown once), change role,
// disable/enable, reset two-factor sign-in. Owner-only (staff.manage), zod-checked, audited.
import { revalidatePath } from "next/cache";
import { formToObject, runStaffAction } from "@/lib/admin/catalog/run-action";
import { recordAudit } from "@/lib/audit/record";
import { db } from "@/lib/db";
import { AppError, type ActionState } from "@/lib/errors";
import { clearTwoFactor } from "@/lib/auth/two-factor/manage";
import { changeRoleSchema, createStaffSchema, resetTwoFactorSchema, setDisabledSchema } from "./staff-schema";
import { changeStaffRole, createStaffAccount, setStaffDisabled } from "./staff-accounts";

function refresh(): void {
  try {
    revalidatePath("/admin/staff");
  } catch {
    // Outside a request (tests, scripts) there is no cache to revalidate.
  }
}

/** Creates a staff account; `data.password` is the one-time password, shown once to the owner. */
export async function createStaffAction(_prev: ActionState | null, fd: FormData): Promise<ActionState> {
  return runStaffAction("staff.manage", createStaffSchema, formToObject(fd), async (actor, input) => {
    const user = await createStaffAccount(input.email, input.role);
    await recordAudit({
      actor,
      action: "staff.create",
      targetType: "user",
      targetId: user.id,
      after: { email: user.email, role: input.role, disabled: false },
    });
    refresh();
    return {
      ok: true,
      message: `Created ${user.email} (${input.role}). Give them this one-time password; it is not shown again.`,
      data: { password: user.password },
    };
  });
}

/** Changes a staff member's role; the last active owner cannot be demoted. */
export async function changeStaffRoleAction(_prev: ActionState | null, fd: FormData): Promise<ActionState> {
  return runStaffAction("staff.manage", changeRoleSchema, formToObject(fd), async (actor, input) => {
    const { before, after } = await changeStaffRole(input.userId, input.role);
    if (before.role === after.role) return { ok: true, message: `${after.email} is already ${after.role}.` };
    await recordAudit({
      actor,
      action: "staff.role_change",
      targetType: "user",
      targetId: input.userId,
      before,
      after,
    });
    refresh();
    return { ok: true, message: `${after.email} is now ${after.role}.` };
  });
}

/** Disables or re-enables an account; owners cannot disable themselves, nor the last active owner. */
export async function setStaffDisabledAction(_prev: ActionState | null, fd: FormData): Promise<ActionState> {
  return runStaffAction("staff.manage", setDisabledSchema, formToObject(fd), async (actor, input) => {
    const disabled = input.disabled === "true";
    if (disabled && input.userId === actor.id)
      throw new AppError("conflict", { userMessage: "You cannot disable your own account." });
    const { before, after } = await setStaffDisabled(input.userId, disabled);
    if (before.disabled === after.disabled)
      return { ok: true, message: `${after.email} is already ${disabled ? "disabled" : "enabled"}.` };
    await recordAudit({
      actor,
      action: disabled ? "staff.disable" : "staff.enable",
      targetType: "user",
      targetId: input.userId,
      before,
      after,
    });
    refresh();
    return { ok: true, message: `${after.email} is ${disabled ? "disabled" : "enabled"}.` };
  });
}

/**
 * Resets a staff member's two-factor sign-in (lost device): secret and recovery codes removed,
 * every session ended. Where the role requires two-factor, they enrol again at next sign-in.
 */
export async function resetStaffTwoFactorAction(_prev: ActionState | null, fd: FormData): Promise<ActionState> {
  return runStaffAction("staff.manage", resetTwoFactorSchema, formToObject(fd), async (actor, input) => {
    if (input.userId === actor.id)
      throw new AppError("conflict", {
        userMessage: "Use your own security page (or a recovery code) for your account.",
      });
    const target = await db.user.findUnique({ where: { id: input.userId }, select: { email: true, role: true } });
    if (!target || target.role === "shopper")
      throw new AppError("not_found", { userMessage: "No such staff account." });
    const { wasEnrolled } = await clearTwoFactor(input.userId);
    if (!wasEnrolled) return { ok: true, message: `${target.email} has no two-factor sign-in to reset.` };
    await recordAudit({
      actor,
      action: "staff.two_factor_reset",
      targetType: "user",
      targetId: input.userId,
      before: { email: target.email, twoFactor: true },
      after: { email: target.email, twoFactor: false },
    });
    refresh();
    return {
      ok: true,
      message: `Two-factor sign-in of ${target.email} was reset and their sessions ended. They set it up again at next sign-in.`,
    };
  });
}
