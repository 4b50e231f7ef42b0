// Shopper sign-up with one answer for every email: whether an account exists is told only to
// the mailbox (a new account gets a verification link, an existing one a note saying so), so
// the form cannot be used to find out who shops here. Limited per client and per address. The
// answer comes before any work that depends on the account existing (hashing, writing, emailing),
// which runs after the response, so its timing does not tell either
// (docs/accounts-security.md#one-answer-one-timing).
import "server-only";
import crypto from "node:crypto";
import { z } from "zod";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError, type ActionState } from "@/lib/errors";
import { runAfterResponse } from "@/lib/http/after-response";
import { translatorFor } from "@/lib/i18n/translator";
import { log } from "@/lib/log";
import { sendEmail } from "@/lib/mail/send-email";
import { consumeClientLimit } from "@/lib/rate-limit/client-limits";
import { createUser } from "./accounts";
import { sendVerificationEmail } from "./verification";
import { accountLanguage } from "./account-language";

export const signUpSchema = z
  .object({
    email: z.string().trim().toLowerCase().max(254).pipe(z.email("Enter a valid email.")),
    password: z.string().min(10, "Use at least 10 characters.").max(200),
  })
  .strict();

export type SignUpInput = z.output<typeof signUpSchema>;

/** The one answer to a valid sign-up, account or not. */
export const signUpAnswer =
  "Thanks. Check your email: we sent you a message to finish (a link to confirm your address, or how to sign in if you already have an account).";

/**
 * Answers at once, then creates the account or emails the existing one after the response;
 * orders are claimed only after the link is opened.
 */
export async function signUp(input: SignUpInput & { ip: string; now?: Date; locale?: string }): Promise<ActionState> {
  const { email, password, now, locale } = input;
  const perClient = await consumeClientLimit("signUp", input.ip, { now });
  if (!perClient.ok) return { ok: false, message: perClient.message };
  // Past this, the address gets no more mail this hour, but the answer stays the same.
  const mayEmail = (await consumeClientLimit("signUpEmailsPerAddress", `email:${email}`, { now })).ok;
  runAfterResponse(() =>
    createOrNotify({ email, password, mayEmail, now, locale }).catch((err: unknown) =>
      log.error({ err }, "sign-up: could not finish after the answer"),
    ),
  );
  return { ok: true, message: signUpAnswer };
}

/** The work behind the answer: one password hash on either branch (createUser hashes before it writes). */
async function createOrNotify(p: {
  email: string;
  password: string;
  mayEmail: boolean;
  now?: Date;
  locale?: string;
}): Promise<void> {
  try {
    const user = await createUser({ email: p.email, password: p.password, role: "shopper", locale: p.locale });
    await sendVerificationEmail(user, p.now, p.locale);
  } catch (err) {
    if (!(err instanceof AppError && err.code === "conflict")) throw err;
    if (p.mayEmail) await notifyExistingAccount(p.email, p.now, p.locale);
  }
}

async function notifyExistingAccount(email: string, now: Date = new Date(), locale?: string): Promise<void> {
  const user = await db.user.findUnique({
    where: { email },
    select: { id: true, email: true, role: true, emailVerifiedAt: true },
  });
  if (!user) return;
  // A shopper who never confirmed gets a fresh link: that is what they were after.
  if (user.role === "shopper" && !user.emailVerifiedAt) return sendVerificationEmail(user, now, locale);
  const language = await accountLanguage(user.id, locale);
  const t = translatorFor(language, "emails");
  await sendEmail({
    locale: language,
    to: user.email,
    kind: "account_exists",
    dedupeKey: `account-exists:${user.id}:${crypto.randomUUID()}`,
    subject: `${env.SHOP_NAME}: ${t("account.existsSubject")}`,
    text: t("account.existsText", { shop: env.SHOP_NAME, link: `${env.APP_URL}/sign-in` }),
  });
}
