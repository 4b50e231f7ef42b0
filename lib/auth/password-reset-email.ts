// The two password emails, in one place the mail module can switch to its templates: the reset
// link (expires, works once) and the notice after a change, in the holder's language (the
// "emails.account" catalog; lib/auth/account-language.ts).
import "server-only";
import { env } from "@/lib/env";
import { translatorFor } from "@/lib/i18n/translator";
import { sendEmail } from "@/lib/mail/send-email";
import { accountLanguage } from "./account-language";

/** The reset link; the outbox keeps it masked and sends it sealed (lib/mail/outbox-body.ts). */
export async function sendPasswordResetEmail(
  user: { id: string; email: string },
  input: { tokenId: string; link: string; ttlMinutes: number; locale?: string },
): Promise<void> {
  const locale = await accountLanguage(user.id, input.locale);
  const t = translatorFor(locale, "emails");
  await sendEmail({
    locale,
    to: user.email,
    kind: "password_reset",
    dedupeKey: `password-reset:${input.tokenId}`,
    subject: `${env.SHOP_NAME}: ${t("account.resetSubject")}`,
    text: t("account.resetText", { shop: env.SHOP_NAME, link: input.link, minutes: input.ttlMinutes }),
  });
}

/** Tells the account holder their password changed and every session ended. */
export async function sendPasswordChangedEmail(
  user: { id: string; email: string },
  input: { tokenId: string; locale?: string },
): Promise<void> {
  const locale = await accountLanguage(user.id, input.locale);
  const t = translatorFor(locale, "emails");
  await sendEmail({
    locale,
    to: user.email,
    kind: "password_changed",
    dedupeKey: `password-changed:${input.tokenId}`,
    subject: `${env.SHOP_NAME}: ${t("account.changedSubject")}`,
    text: t("account.changedText", { shop: env.SHOP_NAME }),
  });
}
