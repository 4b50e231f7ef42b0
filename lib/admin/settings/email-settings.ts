// The settings page's email section: the owner's codes-in-email choice (audited) and an SMTP
// check staff can run (connect and authenticate, nothing sent).
import "server-only";
import { z } from "zod";
import { runStaffAction } from "@/lib/admin/catalog/run-action";
import { recordAudit } from "@/lib/audit/record";
import { db } from "@/lib/db";
import type { ActionState } from "@/lib/errors";
import { checkSmtp } from "@/lib/mail/check-smtp";
import { codesInEmailKey, getCodesInEmail } from "@/lib/mail/codes-in-email";

export const codesInEmailSchema = z.object({ codesInEmail: z.enum(["on"]).optional() }).strict();

/** Owner only: turns codes in "codes ready" emails on (checkbox ticked) or off. */
export async function updateCodesInEmail(input: unknown): Promise<ActionState> {
  return runStaffAction("settings.write", codesInEmailSchema, input, async (actor, data) => {
    const before = await getCodesInEmail();
    const after = data.codesInEmail === "on";
    const value = String(after);
    await db.setting.upsert({
      where: { key: codesInEmailKey },
      create: { key: codesInEmailKey, value },
      update: { value },
    });
    await recordAudit({
      actor,
      action: "settings.codes_in_email",
      targetType: "settings",
      targetId: codesInEmailKey,
      before: { codesInEmail: before },
      after: { codesInEmail: after },
    });
    return {
      ok: true,
      message: after
        ? "Codes are now included in the buyer's “codes ready” email."
        : "Emails now link to the order page without codes.",
    };
  });
}

/** Staff and owner: verifies SMTP_URL now (the go-live checklist calls checkSmtp directly). */
export async function runSmtpCheck(input: unknown = {}): Promise<ActionState> {
  return runStaffAction("outbox.retry", z.object({}).strict(), input, async () => {
    const result = await checkSmtp();
    return { ok: result.ok, message: result.message };
  });
}
