// The two password emails, in one place the mail module can switch to its templates: the reset
// link (expires, works once) and the notice after a change.
import "server-only";
import { env } from "@/lib/env";
import { sendEmail } from "@/lib/mail/send-email";

/** The reset link; the outbox keeps it masked and sends it sealed (lib/mail/outbox-body.ts). */
export async function sendPasswordResetEmail(
  user: { email: string },
  input: { tokenId: string; link: string; ttlMinutes: number },
): Promise<void> {
  await sendEmail({
    to: user.email,
    kind: "password_reset",
    dedupeKey: `password-reset:${input.tokenId}`,
    subject: `${env.SHOP_NAME}: reset your password`,
    text: `Someone (hopefully you) asked to reset the password of your ${env.SHOP_NAME} account.\n\nChoose a new password here:\n\n${input.link}\n\nThe link works once, for ${input.ttlMinutes} minutes. If you did not ask, ignore this email: your password stays as it is.\n`,
  });
}

/** Tells the account holder their password changed and every session ended. */
export async function sendPasswordChangedEmail(user: { email: string }, input: { tokenId: string }): Promise<void> {
  await sendEmail({
    to: user.email,
    kind: "password_changed",
    dedupeKey: `password-changed:${input.tokenId}`,
    subject: `${env.SHOP_NAME}: your password was changed`,
    text: `The password of your ${env.SHOP_NAME} account was just changed, and every device was signed out.\n\nIf this was not you, reset your password now from the sign-in page and contact us.\n`,
  });
}
