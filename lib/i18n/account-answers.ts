// The sentences the account actions answer with (lib/auth: sign-up, password reset, email
// confirmation, sign-out everywhere; lib/http/action.ts's fallback), matched to their key under
// the "auth.answers" catalog so an account page shows them in its language. The server keeps
// answering in English (logs, API clients, tests); an answer not listed here is shown as sent,
// and the checkout's answers are lib/i18n/shopper-messages.ts's. Pure.

export type AccountAnswer = { key: string; values?: Record<string, number> };

const exact: Record<string, string> = {
  "Enter a valid email.": "invalidEmail",
  "Use at least 10 characters.": "passwordShort",
  "The two passwords differ.": "passwordsDiffer",
  "Thanks. Check your email: we sent you a message to finish (a link to confirm your address, or how to sign in if you already have an account).":
    "signedUp",
  "Too many reset requests. Try again in an hour.": "resetRateLimited",
  "If an account uses this email, we sent it a link to choose a new password. It works once, for 60 minutes.":
    "resetSent",
  "This link is not valid, was already used, or has expired. Ask for a new one.": "resetLinkInvalid",
  "Your password was changed and every device was signed out. Sign in with the new password.": "passwordChanged",
  "This link is not valid.": "linkInvalid",
  "This link is not valid, was already used, or has expired.": "verifyLinkInvalid",
  "Email confirmed.": "emailConfirmed",
  "Your email is already confirmed.": "alreadyConfirmed",
  "Too many links sent. Try again later.": "tooManyLinks",
  "We sent a new link. Check your email.": "linkResent",
  "Signed out of all devices.": "signedOutEverywhere",
  "Something went wrong. Please try again.": "somethingWrong",
};

const claimed = /^Email confirmed\. (?:1 earlier order was|(\d+) earlier orders were) added to your account\.$/;

/** The "auth.answers" key of a known account answer, with its values; null: show it as sent. */
export function accountAnswerKey(message: string): AccountAnswer | null {
  const key = exact[message];
  if (key) return { key };
  const m = claimed.exec(message);
  if (m) return { key: "emailConfirmedClaimed", values: { count: m[1] ? Number(m[1]) : 1 } };
  return null;
}
