// Account emails: confirm an address, reset a password. One button each, a clear expiry, and
// what to do when the reader did not ask for it.
import { ActionButton, P } from "./parts";
import type { EmailContent } from "./types";

/** The link that proves the shopper owns the address (their guest orders then join the account). */
export function verifyEmailEmail(p: { url: string; expiresInHours: number }): EmailContent {
  return {
    subject: "confirm your email",
    preview: "Confirm your email to see all your orders in your account.",
    heading: "Confirm your email",
    body: (
      <>
        <P>
          Confirm this address to finish setting up your account. Orders you placed with it as a guest then appear in
          your account.
        </P>
        <ActionButton href={p.url}>Confirm email</ActionButton>
        <P
          muted
        >{`The link works for ${p.expiresInHours} hours. If you did not create an account, ignore this email: nothing happens without the click.`}</P>
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
