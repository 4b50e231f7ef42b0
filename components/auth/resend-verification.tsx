"use client";
// Banner for unverified shoppers: explains why to confirm, and sends a new link.
import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { useAccountText } from "./use-account-text";
import { resendVerificationAction } from "@/lib/auth/resend-verification-action";
import type { ActionState } from "@/lib/errors";

export function ResendVerification() {
  const t = useTranslations("auth");
  const text = useAccountText();
  const [state, action, pending] = useActionState<ActionState | null>(() => resendVerificationAction(), null);
  return (
    <form action={action} className="mb-6 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
      <p>{t("resendWhy")}</p>
      <button type="submit" disabled={pending} className="mt-2 font-semibold underline disabled:opacity-60">
        {t("resend")}
      </button>
      <p role="status" aria-live="polite">
        {state?.message ? text(state.message) : null}
      </p>
    </form>
  );
}
