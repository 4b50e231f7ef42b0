"use server";
// Confirms an email from the link's token (a button press, so link scanners do not use it up).
import { z } from "zod";
import type { ActionState } from "@/lib/errors";
import { verifyEmailToken } from "./verification";

/** Marks the email verified and claims the guest orders placed with it. */
export async function verifyEmailAction(_prev: ActionState | null, formData: FormData): Promise<ActionState> {
  const token = z.string().min(20).max(200).safeParse(formData.get("token"));
  if (!token.success) return { ok: false, message: "This link is not valid." };
  const result = await verifyEmailToken(token.data);
  if (!result) return { ok: false, message: "This link is not valid, was already used, or has expired." };
  const orders = result.claimed === 1 ? "1 earlier order was" : `${result.claimed} earlier orders were`;
  return {
    ok: true,
    message: `Email confirmed. ${result.claimed > 0 ? `${orders} added to your account.` : ""}`.trim(),
  };
}
