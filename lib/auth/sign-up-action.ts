"use server";
// Shopper sign-up form: the same answer whether or not the email has an account (lib/auth/sign-up.ts).
import type { ActionState } from "@/lib/errors";
import { runAction } from "@/lib/http/action";
import { requestClientIp } from "@/lib/http/request-client";
import { requestLanguage } from "@/lib/i18n/request-language";
import { signUp, signUpSchema } from "./sign-up";

/** Creates the account (or emails the existing one); orders are claimed only after the email link is opened. */
export async function signUpAction(_prev: ActionState | null, formData: FormData): Promise<ActionState> {
  const input = { email: formData.get("email"), password: formData.get("password") };
  return runAction({ name: "sign-up", schema: signUpSchema, input }, async (data) =>
    signUp({ ...data, ip: await requestClientIp(), locale: await requestLanguage() }),
  );
}
