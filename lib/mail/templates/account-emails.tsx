// Account emails: confirm an address, reset a password. One button each, a clear expiry, and
// what to do when the reader did not ask for it. The confirmation's words come from the "emails"
// catalog in the language of the page it was asked from (docs/markets.md#languages).
import { translatorFor } from "@/lib/i18n/translator";
import { ActionButton, P } from "./parts";
import type { EmailContent } from "./types";

/** The link that proves the shopper owns the address (their guest orders then join the account). */
export function verifyEmailEmail(p: { url: string; expiresInHours: number; locale?: string }): EmailContent {
  const t = translatorFor(p.locale ?? "en", "emails");
  return {
    locale: p.locale,
    subject: t("account.verifySubject"),
    preview: t("account.verifyPreview"),
    heading: t("account.verifyHeading"),
    body: (
      <>
        <P>{t("account.verifyBody")}</P>
        <ActionButton href={p.url}>{t("account.verifyButton")}</ActionButton>
        <P muted>{t("account.verifyExpiry", { hours: p.expiresInHours })}</P>
      </>
    ),
  };
}

/** A single-use password reset link (shoppers and staff alike). */
export function passwordResetEmail(p: { url: string; expiresInMinutes: number }): EmailContent {
  return {
    subject: "reset your password",
    preview: "Use the link inside to choose a new password.",
    heading: "Reset your password",
    body: (
      <>
        <P>
          Someone, hopefully you, asked to reset the password of this account. Choose a new one with the button below;
          every signed-in device is signed out when you do.
        </P>
        <ActionButton href={p.url}>Choose a new password</ActionButton>
        <P
          muted
        >{`The link works once, for ${p.expiresInMinutes} minutes. If you did not ask for it, ignore this email: your password stays as it is.`}</P>
      </>
    ),
  };
}
