// The secrets in an email's links: an order link opens the buyer's codes, a verification or
// reset link takes over an account. The outbox row keeps the email with these masked (the copy
// that is sent is stored encrypted, lib/mail/outbox-body.ts), and every staff view of an email
// goes through the same mask; staff never need the links (they resend an email instead).

export const maskedSecret = "••••••••";

// /orders/<token>: the order page link (the token is 43 base64url characters; any long one goes).
const orderLink = /(\/orders\/)[A-Za-z0-9_-]{16,}/g;
// ?token=…, &code=…, &amp;key=… (HTML bodies escape the &): verification, reset and similar links.
const secretParam = /([?&;](?:token|code|key|secret|signature)=)[^\s&"'<>#)]+/gi;

/** The text with every order token and link secret replaced by a mask; the rest unchanged. */
export function maskSecretLinks(text: string): string {
  return text.replace(orderLink, `$1${maskedSecret}`).replace(secretParam, `$1${maskedSecret}`);
}
