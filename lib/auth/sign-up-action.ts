"use server";
// Shopper sign-up: creates a shopper account and emails a verification link (via the outbox).
import { z } from "zod";
import { AppError, type ActionState } from "@/lib/errors";
import { createUser } from "./accounts";
import { sendVerificationEmail } from "./verification";

const signUpSchema = z
  .object({
    email: z.string().trim().toLowerCase().max(254).pipe(z.email("Enter a valid email.")),
    password: z.string().min(10, "Use at least 10 characters.").max(200),
  })
  .strict();

/** Creates the account; orders are claimed only after the email link is opened. */
export async function signUpAction(_prev: ActionState | null, formData: FormData): Promise<ActionState> {
  const parsed = signUpSchema.safeParse({ email: formData.get("email"), password: formData.get("password") });
  if (!parsed.success) return { ok: false, message: "Please check the form.", fieldErrors: z.flattenError(parsed.error).fieldErrors };
  try {
    const user = await createUser({ email: parsed.data.email, password: parsed.data.password, role: "shopper" });
    await sendVerificationEmail(user);
    return { ok: true, message: "Account created. Check your email for a link to confirm your address, then sign in." };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, message: err.userMessage };
    console.error("sign-up failed", err instanceof Error ? err.name : "unknown");
    return { ok: false, message: "Something went wrong. Please try again." };
  }
}
