// The two password emails, in one place the mail module can switch to its templates: the reset
// link (expires, works once) and the notice after a change, in the language of the page the reset
// was asked from (the "emails.account" catalog; English without one).
import "server-only";
import { env } from "@/lib/env";
import { translatorFor } from "@/lib/i18n/translator";
import { sendEmail } from "@/lib/mail/send-email";

/** The reset link; the outbox keeps it masked and sends it sealed (lib/mail/outbox-body.ts). */
export async function sendPasswordResetEmail(
  user: { email: string },
  input: { tokenId: string; link: string; ttlMinutes: number; locale?: string },
): Promise<void> {
  const t = translatorFor(input.locale ?? "en", "emails");
  await sendEmail({
    to: user.email,
    kind: "password_reset",
    dedupeKey: `password-reset:${input.tokenId}`,
    subject: `${env.SHOP_NAME}: ${t("account.resetSubject")}`,
    text: t("account.resetText", { shop: env.SHOP_NAME, link: input.link, minutes: input.ttlMinutes }),
  });
}

/** Tells the account holder their password changed and every session ended. */
export async function sendPasswordChangedEmail(
  user: { email: string },
  input: { tokenId: string; locale?: string },
): Promise<void> {
  const t = translatorFor(input.locale ?? "en", "emails");
  await sendEmail({
    to: user.email,
    kind: "password_changed",
    dedupeKey: `password-changed:${input.tokenId}`,
    subject: `${env.SHOP_NAME}: ${t("account.changedSubject")}`,
    text: t("account.changedText", { shop: env.SHOP_NAME }),
  });
}
