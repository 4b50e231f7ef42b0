"use client";
// "Send again" on a failed outbox email (staff and owner; audited on the server).
import { useActionState } from "react";
import { retryEmailAction } from "@/lib/admin/outbox/actions";
import type { ActionState } from "@/lib/errors";

export function RetryEmailButton({ emailId }: { emailId: string }) {
  const [state, action, pending] = useActionState<ActionState | null, FormData>(retryEmailAction, null);
  return (
    <form action={action} className="flex flex-wrap items-center gap-3">
      <input type="hidden" name="id" value={emailId} />
      <button
        type="submit"
        disabled={pending || state?.ok === true}
        className="rounded-md bg-slate-900 px-3 py-1.5 text-sm font-semibold text-white hover:bg-slate-700 disabled:opacity-60"
      >
        {pending ? "Queuing…" : "Send again"}
      </button>
      <p role="status" aria-live="polite" className={`text-sm ${state?.ok ? "text-emerald-800" : "text-rose-700"}`}>
        {state?.message}
      </p>
    </form>
  );
}
