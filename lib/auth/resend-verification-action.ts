"use server";
// Sends a fresh verification link to the signed-in shopper (unverified accounts only).
import { db } from "@/lib/db";
import type { ActionState } from "@/lib/errors";
import { noInput, runAction } from "@/lib/http/action";
import { requestLanguage } from "@/lib/i18n/request-language";
import { consumeClientLimit } from "@/lib/rate-limit/client-limits";
import { requireSignedIn } from "./guards";
import { sendVerificationEmail } from "./verification";

/** Queues a new link; refuses signed-out visitors and already-verified accounts. */
export async function resendVerificationAction(): Promise<ActionState> {
  return runAction(
    { name: "resend-verification", guard: requireSignedIn, schema: noInput, input: {} },
    async (_input, session) => {
      const user = await db.user.findUnique({
        where: { id: session.id },
        select: { id: true, email: true, emailVerifiedAt: true },
      });
      if (!user || user.emailVerifiedAt) return { ok: false, message: "Your email is already confirmed." };
      // Counted by the shared limiter (one conditional write per hit), so parallel requests cannot
      // all pass a count read before any link was written.
      const limited = await consumeClientLimit("verificationResend", `account:${user.id}`);
      if (!limited.ok) return { ok: false, message: "Too many links sent. Try again later." };
      await sendVerificationEmail(user, new Date(), await requestLanguage());
      return { ok: true, message: "We sent a new link. Check your email." };
    },
  );
}
