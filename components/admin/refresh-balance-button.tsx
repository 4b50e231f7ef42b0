"use client";
// Forces a fresh upstream balance read (one upstream call) and shows the result.
import { useActionState } from "react";
import { refreshBalanceAction } from "@/lib/admin/overview/actions";
import type { ActionState } from "@/lib/errors";

export function RefreshBalanceButton() {
  const [state, action, pending] = useActionState<ActionState | null>(() => refreshBalanceAction(), null);
  return (
    <form action={action} className="mt-2 flex items-center gap-2">
      <button
        type="submit"
        disabled={pending}
        className="rounded-md px-2 py-1 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-60"
      >
        {pending ? "Refreshing…" : "Refresh"}
      </button>
      <span role="status" aria-live="polite" className="text-xs text-slate-600">
        {state && !state.ok ? state.message : null}
      </span>
    </form>
  );
}
