"use client";
// Banner for unverified shoppers: explains why to confirm, and sends a new link.
import { useActionState } from "react";
import { resendVerificationAction } from "@/lib/auth/resend-verification-action";
import type { ActionState } from "@/lib/errors";

export function ResendVerification() {
  const [state, action, pending] = useActionState<ActionState | null>(() => resendVerificationAction(), null);
  return (
    <form action={action} className="mb-6 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
      <p>Confirm your email to see orders you placed as a guest.</p>
      <button type="submit" disabled={pending} className="mt-2 font-semibold underline disabled:opacity-60">
        Send a new link
      </button>
      <p role="status" aria-live="polite">
        {state?.message}
      </p>
    </form>
  );
}
