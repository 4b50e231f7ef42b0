"use server";
// "Sign out of all devices": bumps the user's session version so every JWT issued before
// (on any device) is refused by the guards; the button then clears this device's cookie.
import { recordAudit } from "@/lib/audit/record";
import { db } from "@/lib/db";
import type { ActionState } from "@/lib/errors";
import { getSessionUser } from "./guards";
import { isStaffRole } from "./roles";

/** Ends every session of the signed-in user; takes no input, refuses signed-out visitors. */
export async function signOutEverywhereAction(): Promise<ActionState> {
  const user = await getSessionUser();
  if (!user) return { ok: false, message: "Please sign in." };
  await db.user.update({ where: { id: user.id }, data: { sessionVersion: { increment: 1 } } });
  if (isStaffRole(user.role)) {
    await recordAudit({ actor: { id: user.id, email: user.email, role: user.role }, action: "auth.sign_out_everywhere", targetType: "user", targetId: user.id });
  }
  return { ok: true, message: "Signed out of all devices." };
}
