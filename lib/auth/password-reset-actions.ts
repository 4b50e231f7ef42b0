"use server";
// The two password-reset forms: ask for a link (one answer whether or not the account exists),
// and choose a new password with the link's token.
import { headers } from "next/headers";
import { z } from "zod";
import type { ActionState } from "@/lib/errors";
import { clientIp } from "@/lib/http/client-ip";
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

async function ip(): Promise<string> {
  try {
    return clientIp(await headers());
  } catch {
    return "unknown"; // outside a request (tests)
  }
}

/** Queues a reset link if the account exists; the answer never says whether it does. */
export async function requestPasswordResetAction(_prev: ActionState | null, fd: FormData): Promise<ActionState> {
  const parsed = requestSchema.safeParse({ email: fd.get("email") });
  if (!parsed.success)
    return { ok: false, message: "Please check the form.", fieldErrors: z.flattenError(parsed.error).fieldErrors };
  const result = await requestPasswordReset(parsed.data.email, await ip());
  if (result === "rate_limited") return { ok: false, message: "Too many reset requests. Try again in an hour." };
  return {
    ok: true,
    message:
      "If an account uses this email, we sent it a link to choose a new password. It works once, for 60 minutes.",
  };
}

/** Sets the new password; every session of the account ends. */
export async function resetPasswordAction(_prev: ActionState | null, fd: FormData): Promise<ActionState> {
  const parsed = resetSchema.safeParse({
    token: fd.get("token"),
    password: fd.get("password"),
    confirm: fd.get("confirm"),
  });
  if (!parsed.success)
    return { ok: false, message: "Please check the form.", fieldErrors: z.flattenError(parsed.error).fieldErrors };
  const ok = await resetPassword(parsed.data.token, parsed.data.password, await ip());
  if (!ok)
    return { ok: false, message: "This link is not valid, was already used, or has expired. Ask for a new one." };
  return {
    ok: true,
    message: "Your password was changed and every device was signed out. Sign in with the new password.",
  };
}
