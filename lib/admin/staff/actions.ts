"use server";
// The owner's staff-account actions: create (one-time password shown once), change role,
// disable/enable. Owner-only (staff.manage), zod-checked, audited with before/after.
import { revalidatePath } from "next/cache";
import { formToObject, runStaffAction } from "@/lib/admin/catalog/run-action";
import { recordAudit } from "@/lib/audit/record";
import { AppError, type ActionState } from "@/lib/errors";
import { changeRoleSchema, createStaffSchema, setDisabledSchema } from "./staff-schema";
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
    await recordAudit({ actor, action: "staff.create", targetType: "user", targetId: user.id, after: { email: user.email, role: input.role, disabled: false } });
    refresh();
    return { ok: true, message: `Created ${user.email} (${input.role}). Give them this one-time password; it is not shown again.`, data: { password: user.password } };
  });
}

/** Changes a staff member's role; the last active owner cannot be demoted. */
export async function changeStaffRoleAction(_prev: ActionState | null, fd: FormData): Promise<ActionState> {
  return runStaffAction("staff.manage", changeRoleSchema, formToObject(fd), async (actor, input) => {
    const { before, after } = await changeStaffRole(input.userId, input.role);
    if (before.role === after.role) return { ok: true, message: `${after.email} is already ${after.role}.` };
    await recordAudit({ actor, action: "staff.role_change", targetType: "user", targetId: input.userId, before, after });
    refresh();
    return { ok: true, message: `${after.email} is now ${after.role}.` };
  });
}

/** Disables or re-enables an account; owners cannot disable themselves, nor the last active owner. */
export async function setStaffDisabledAction(_prev: ActionState | null, fd: FormData): Promise<ActionState> {
  return runStaffAction("staff.manage", setDisabledSchema, formToObject(fd), async (actor, input) => {
    const disabled = input.disabled === "true";
    if (disabled && input.userId === actor.id) throw new AppError("conflict", { userMessage: "You cannot disable your own account." });
    const { before, after } = await setStaffDisabled(input.userId, disabled);
    if (before.disabled === after.disabled) return { ok: true, message: `${after.email} is already ${disabled ? "disabled" : "enabled"}.` };
    await recordAudit({ actor, action: disabled ? "staff.disable" : "staff.enable", targetType: "user", targetId: input.userId, before, after });
    refresh();
    return { ok: true, message: `${after.email} is ${disabled ? "disabled" : "enabled"}.` };
  });
}
