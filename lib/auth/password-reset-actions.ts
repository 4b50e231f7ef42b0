"use server";
// The two password-reset forms: ask for a link (one answer whether or not the account exists),
// and choose a new password with the link's token.
import { z } from "zod";
import type { ActionState } from "@/lib/errors";
import { runAction } from "@/lib/http/action";
import { requestClientIp } from "@/lib/http/request-client";
import { requestLanguage } from "@/lib/i18n/request-language";
import { requestPasswordReset, resetPassword } from "./password-reset";
import { emailSchema } from "./sign-in";

const requestSchema = z.object({ email: emailSchema }).strict();
const resetSchema = z
  .object({
    token: z.string().min(20).max(200),
    password: z.string().min(10, "Use at least 10 characters.").max(200),
    confirm: z.string().max(200),
  })
  .strict()
  .refine((v) => v.password === v.confirm, { message: "The two passwords differ.", path: ["confirm"] });

/** Queues a reset link if the account exists; the answer never says whether it does. */
export async function requestPasswordResetAction(_prev: ActionState | null, fd: FormData): Promise<ActionState> {
  return runAction(
    { name: "request-password-reset", schema: requestSchema, input: { email: fd.get("email") } },
    async ({ email }) => {
      const result = await requestPasswordReset(email, await requestClientIp(), new Date(), await requestLanguage());
      if (result === "rate_limited") return { ok: false, message: "Too many reset requests. Try again in an hour." };
      return {
        ok: true,
        message:
          "If an account uses this email, we sent it a link to choose a new password. It works once, for 60 minutes.",
      };
    },
  );
}

/** Sets the new password; every session of the account ends. */
export async function resetPasswordAction(_prev: ActionState | null, fd: FormData): Promise<ActionState> {
  const input = { token: fd.get("token"), password: fd.get("password"), confirm: fd.get("confirm") };
  return runAction({ name: "reset-password", schema: resetSchema, input }, async ({ token, password }) => {
    const ok = await resetPassword(token, password, await requestClientIp(), new Date(), await requestLanguage());
    if (!ok)
      return { ok: false, message: "This link is not valid, was already used, or has expired. Ask for a new one." };
    return {
      ok: true,
      message: "Your password was changed and every device was signed out. Sign in with the new password.",
    };
  });
}
