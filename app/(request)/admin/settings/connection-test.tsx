"use client";
// "Test connection": one GET / on the upstream, result announced politely.
import { useActionState } from "react";
import type { ActionState } from "@/lib/errors";
import { testConnectionAction } from "./actions";

export function ConnectionTest({ canRun }: { canRun: boolean }) {
  const [state, action, pending] = useActionState<ActionState | null>(testConnectionAction, null);
  return (
    <form action={action} className="flex flex-wrap items-center gap-3">
      <button
        type="submit"
        disabled={!canRun || pending}
        className="rounded-md px-3 py-1.5 text-sm font-semibold ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-50"
      >
        {pending ? "Testing…" : "Test connection"}
      </button>
      <p aria-live="polite" className={`text-sm ${state?.ok === false ? "text-rose-700" : "text-emerald-700"}`}>
        {state?.message}
      </p>
    </form>
  );
}
