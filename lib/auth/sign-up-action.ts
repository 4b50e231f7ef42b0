"use server";
// Shopper sign-up form: the same answer whether or not the email has an account (lib/auth/sign-up.ts).
import type { ActionState } from "@/lib/errors";
import { requestClientIp } from "@/lib/http/request-client";
import { signUp } from "./sign-up";
import { log } from "@/lib/log";

/** Creates the account (or emails the existing one); orders are claimed only after the email link is opened. */
export async function signUpAction(_prev: ActionState | null, formData: FormData): Promise<ActionState> {
  try {
    return await signUp({
      email: formData.get("email"),
      password: formData.get("password"),
      ip: await requestClientIp(),
    });
  } catch (err) {
    log.error({ err }, "sign-up failed");
    return { ok: false, message: "Something went wrong. Please try again." };
  }
}
