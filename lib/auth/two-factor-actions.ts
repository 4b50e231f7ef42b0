"use server";
// The signed-in staff member's own two-factor sign-in: enrol (secret and QR shown once, then
// recovery codes shown once), new recovery codes, turn off (or move to a new phone). These stay
// open to a staff member who must enrol, which the admin guards are not.
import { z } from "zod";
import { recordAudit } from "@/lib/audit/record";
import { env } from "@/lib/env";
import { AppError, type ActionState } from "@/lib/errors";
import { noInput, runAction } from "@/lib/http/action";
import { requestClientIp } from "@/lib/http/request-client";
import { getSessionUser } from "./guards";
import { isStaffRole, type StaffUser } from "./roles";
import { confirmTwoFactorEnrolment, issueRecoveryCodes, startTwoFactorEnrolment } from "./two-factor/enrolment";
import { clearTwoFactor } from "./two-factor/manage";
import { isTwoFactorRequired } from "./two-factor/policy";
import { qrSvgPath } from "./two-factor/qr";
import { verifySecondFactor } from "./two-factor/verify-code";

const codeSchema = z.object({ code: z.string().trim().min(6, "Enter the code.").max(40) }).strict();
const reasons = {
  invalid: "That code did not work. Check the time on your phone and try the newest code.",
  rate_limited: "Too many wrong codes. Try again in 15 minutes.",
  expired: "The setup expired. Start again.",
} as const;

/** The signed-in staff member, even one who must still enrol (the admin guards refuse those). */
async function signedInStaff(): Promise<StaffUser & { sessionId: string | null }> {
  const user = await getSessionUser();
  if (!user || !isStaffRole(user.role))
    throw new AppError("unauthorized", { userMessage: "Please sign in with a staff account." });
  return { id: user.id, email: user.email, role: user.role, sessionId: user.sessionId };
}

/** Runs a two-factor action for the signed-in staff member with the code typed in `fd`. */
function withCode(
  name: string,
  fd: FormData,
  invalidMessage: string,
  work: (code: string, user: StaffUser & { sessionId: string | null }) => Promise<ActionState>,
): Promise<ActionState> {
  return runAction(
    { name, guard: signedInStaff, schema: codeSchema, input: { code: fd.get("code") }, invalidMessage },
    ({ code }, user) => work(code, user),
  );
}

/** Starts enrolment: a new secret, its otpauth URI and QR path (shown once, never stored in clear). */
export async function startTwoFactorSetupAction(): Promise<ActionState> {
  return runAction(
    { name: "two-factor-start", guard: signedInStaff, schema: noInput, input: {} },
    async (_input, user) => {
      const { secret, uri } = await startTwoFactorEnrolment(user, env.SHOP_NAME);
      return { ok: true, data: { secret, uri, qr: qrSvgPath(uri) } };
    },
  );
}

/** Confirms enrolment with the app's first code; returns the recovery codes (shown once). */
export async function confirmTwoFactorSetupAction(_prev: ActionState | null, fd: FormData): Promise<ActionState> {
  return withCode("two-factor-confirm", fd, "Enter the 6-digit code from your app.", async (code, user) => {
    const result = await confirmTwoFactorEnrolment(user, {
      code,
      sessionId: user.sessionId,
      ip: await requestClientIp(),
    });
    if (!result.ok) return { ok: false, message: reasons[result.reason] };
    return {
      ok: true,
      message: "Two-factor sign-in is on. Your other sessions were signed out.",
      data: { recoveryCodes: result.recoveryCodes },
    };
  });
}

/** Replaces the recovery codes (the old ones stop working); needs a current code. */
export async function regenerateRecoveryCodesAction(_prev: ActionState | null, fd: FormData): Promise<ActionState> {
  return withCode("two-factor-recovery-codes", fd, "Enter a current code from your app.", async (code, user) => {
    const check = await verifySecondFactor(user, code, await requestClientIp());
    if (check !== "ok")
      return { ok: false, message: check === "rate_limited" ? reasons.rate_limited : reasons.invalid };
    const recoveryCodes = await issueRecoveryCodes(user.id);
    await recordAudit({ actor: user, action: "auth.recovery_codes_regenerate", targetType: "user", targetId: user.id });
    return { ok: true, message: "New recovery codes. The old ones no longer work.", data: { recoveryCodes } };
  });
}

/**
 * Removes the account's own two-factor sign-in, proven by a current code or a recovery code, and
 * ends every session. Where the role requires it, this is "move to a new phone": the next
 * sign-in (password alone) leads straight to enrolment again.
 */
export async function disableTwoFactorAction(_prev: ActionState | null, fd: FormData): Promise<ActionState> {
  return withCode("two-factor-disable", fd, "Enter a current code from your app.", async (code, user) => {
    const required = await isTwoFactorRequired(user.role);
    const check = await verifySecondFactor(user, code, await requestClientIp());
    if (check !== "ok")
      return { ok: false, message: check === "rate_limited" ? reasons.rate_limited : reasons.invalid };
    await clearTwoFactor(user.id);
    await recordAudit({
      actor: user,
      action: required ? "auth.two_factor_restart" : "auth.two_factor_disable",
      targetType: "user",
      targetId: user.id,
    });
    return {
      ok: true,
      message: required
        ? "Signed out everywhere. Sign in again and set up your new phone."
        : "Two-factor sign-in is off. Every session was signed out; sign in again.",
    };
  });
}
