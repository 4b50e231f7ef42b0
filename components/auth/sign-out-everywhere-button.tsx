"use client";
// "Sign out of all devices": the server action ends every session, then this device signs out.
import { useState, useTransition } from "react";
import { signOut } from "next-auth/react";
import { signOutEverywhereAction } from "@/lib/auth/sign-out-everywhere-action";

export function SignOutEverywhereButton({ className = "" }: { className?: string }) {
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<string | null>(null);

  function run() {
    setMessage(null);
    startTransition(async () => {
      const r = await signOutEverywhereAction().catch(() => null);
      if (!r) return setMessage("Could not sign out everywhere. Please try again.");
      if (!r.ok) return setMessage(r.message);
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
        {pending ? "Signing out…" : "Sign out of all devices"}
      </button>
      <span role="status" aria-live="polite" className="text-xs text-red-700">
        {message}
      </span>
    </span>
  );
}
