"use client";
// Compares the books with the supplier's order list (a few upstream calls) and shows the answer.
import { useActionState } from "react";
import { compareWithSupplierAction } from "@/lib/admin/overview/actions";
import type { ActionState } from "@/lib/errors";

export function CompareSupplierButton() {
  const [state, action, pending] = useActionState<ActionState | null>(() => compareWithSupplierAction(), null);
  return (
    <form action={action} className="mt-2 flex flex-wrap items-center gap-2">
      <button
        type="submit"
        disabled={pending}
        className="rounded-md bg-white px-2 py-1 text-sm font-medium text-slate-900 ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-60"
      >
        {pending ? "Comparing…" : "Compare with the supplier's orders"}
      </button>
      <span role="status" aria-live="polite" className={`text-sm ${state?.ok ? "text-emerald-800" : "text-rose-700"}`}>
        {state?.message}
      </span>
    </form>
  );
}
