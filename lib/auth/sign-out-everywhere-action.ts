"use server";
// "Sign out of all devices": revokes every session row of the user (and bumps the session
// version), so every JWT issued before, on any device, is refused by the guards; the button
// then clears this device's cookie.
import { recordAudit } from "@/lib/audit/record";
import type { ActionState } from "@/lib/errors";
import { getSessionUser } from "./guards";
import { isStaffRole } from "./roles";
import { revokeUserSessions } from "./sessions";

/** Ends every session of the signed-in user; takes no input, refuses signed-out visitors. */
export async function signOutEverywhereAction(): Promise<ActionState> {
  const user = await getSessionUser();
  if (!user) return { ok: false, message: "Please sign in." };
  await revokeUserSessions(user.id, "sign_out_everywhere");
  if (isStaffRole(user.role)) {
    await recordAudit({
      actor: { id: user.id, email: user.email, role: user.role },
      action: "auth.sign_out_everywhere",
      targetType: "user",
      targetId: user.id,
    });
  }
  return { ok: true, message: "Signed out of all devices." };
}
