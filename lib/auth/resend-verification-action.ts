"use server";
// Sends a fresh verification link to the signed-in shopper (unverified accounts only).
import { db } from "@/lib/db";
import type { ActionState } from "@/lib/errors";
import { getSessionUser } from "./guards";
import { sendVerificationEmail } from "./verification";

/** Queues a new link; refuses signed-out visitors and already-verified accounts. */
export async function resendVerificationAction(): Promise<ActionState> {
  const session = await getSessionUser();
  if (!session) return { ok: false, message: "Please sign in." };
  const user = await db.user.findUnique({
    where: { id: session.id },
    select: { id: true, email: true, emailVerifiedAt: true },
  });
  if (!user || user.emailVerifiedAt) return { ok: false, message: "Your email is already confirmed." };
  const recent = await db.emailVerificationToken.count({
    where: { userId: user.id, createdAt: { gte: new Date(Date.now() - 60 * 60_000) } },
  });
  if (recent >= 5) return { ok: false, message: "Too many links sent. Try again later." };
  await sendVerificationEmail(user);
  return { ok: true, message: "We sent a new link. Check your email." };
}
