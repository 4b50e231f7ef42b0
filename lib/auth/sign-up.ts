// Shopper sign-up with one answer for every email: whether an account exists is told only to
// the mailbox (a new account gets a verification link, an existing one a note saying so), so
// the form cannot be used to find out who shops here. Limited per client and per address.
import "server-only";
import crypto from "node:crypto";
import { z } from "zod";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError, type ActionState } from "@/lib/errors";
import { sendEmail } from "@/lib/mail/send-email";
import { consumeClientLimit } from "@/lib/rate-limit/client-limits";
import { createUser } from "./accounts";
import { hashPassword } from "./password";
import { sendVerificationEmail } from "./verification";

export const signUpSchema = z
  .object({
    email: z.string().trim().toLowerCase().max(254).pipe(z.email("Enter a valid email.")),
    password: z.string().min(10, "Use at least 10 characters.").max(200),
  })
  .strict();

/** The one answer to a valid sign-up, account or not. */
export const signUpAnswer =
  "Thanks. Check your email: we sent you a message to finish (a link to confirm your address, or how to sign in if you already have an account).";

/** Creates the account or emails the existing one; orders are claimed only after the link is opened. */
export async function signUp(input: {
  email: unknown;
  password: unknown;
  ip: string;
  now?: Date;
}): Promise<ActionState> {
  const parsed = signUpSchema.safeParse({ email: input.email, password: input.password });
  if (!parsed.success)
    return { ok: false, message: "Please check the form.", fieldErrors: z.flattenError(parsed.error).fieldErrors };
  const { email, password } = parsed.data;
  const perClient = await consumeClientLimit("signUp", input.ip, { now: input.now });
  if (!perClient.ok) return { ok: false, message: perClient.message };
  // Past this, the address gets no more mail this hour, but the answer stays the same.
  const mayEmail = (await consumeClientLimit("signUpEmailsPerAddress", `email:${email}`, { now: input.now })).ok;
  try {
    const user = await createUser({ email, password, role: "shopper" });
    await sendVerificationEmail(user, input.now);
  } catch (err) {
    if (!(err instanceof AppError && err.code === "conflict")) throw err;
    await hashPassword(password); // as long as creating one, so timing does not tell either
    if (mayEmail) await notifyExistingAccount(email, input.now);
  }
  return { ok: true, message: signUpAnswer };
}

async function notifyExistingAccount(email: string, now: Date = new Date()): Promise<void> {
  const user = await db.user.findUnique({
    where: { email },
    select: { id: true, email: true, role: true, emailVerifiedAt: true },
  });
  if (!user) return;
  // A shopper who never confirmed gets a fresh link: that is what they were after.
  if (user.role === "shopper" && !user.emailVerifiedAt) return sendVerificationEmail(user, now);
  await sendEmail({
    to: user.email,
    kind: "account_exists",
    dedupeKey: `account-exists:${user.id}:${crypto.randomUUID()}`,
    subject: `${env.SHOP_NAME}: you already have an account`,
    text: `Someone, hopefully you, tried to create an account at ${env.SHOP_NAME} with this email address. You already have one, so nothing was changed.\n\nSign in here: ${env.APP_URL}/sign-in\n\nIf this was not you, you can ignore this email.\n`,
  });
}
