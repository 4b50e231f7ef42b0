"use client";
// "Sign out of all devices": the server action ends every session, then this device signs out.
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { useAccountText } from "./use-account-text";
import { signOut } from "next-auth/react";
import { signOutEverywhereAction } from "@/lib/auth/sign-out-everywhere-action";

export function SignOutEverywhereButton({ className = "" }: { className?: string }) {
  const t = useTranslations("auth");
  const text = useAccountText();
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<string | null>(null);

  function run() {
    setMessage(null);
    startTransition(async () => {
      const r = await signOutEverywhereAction().catch(() => null);
      if (!r) return setMessage(t("signOutEverywhereFailed"));
      if (!r.ok) return setMessage(text(r.message));
      await signOut({ callbackUrl: "/sign-in" });
    });
  }

  return (
    <span className="inline-flex flex-col items-end">
      <button
        type="button"
        onClick={run}
        disabled={pending}
        className={`whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-50 ${className}`}
      >
        {pending ? t("signingOut") : t("signOutEverywhere")}
      </button>
      <span role="status" aria-live="polite" className="text-xs text-red-700">
        {message}
      </span>
    </span>
  );
}
