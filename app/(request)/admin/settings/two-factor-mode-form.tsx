"use client";
// Owner's setting: whether staff and support must use two-factor sign-in.
import { useActionState } from "react";
import type { ActionState } from "@/lib/errors";
import { saveStaffTwoFactorModeAction } from "./actions";

export function TwoFactorModeForm({ mode, canWrite }: { mode: "optional" | "required"; canWrite: boolean }) {
  const [state, action, pending] = useActionState<ActionState | null, FormData>(saveStaffTwoFactorModeAction, null);
  return (
    <form action={action} className="flex flex-wrap items-end gap-3">
      <label className="text-sm font-medium">
        Two-factor sign-in for staff and support
        <select
          name="mode"
          defaultValue={mode}
          disabled={!canWrite}
          className="mt-1 block rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm disabled:bg-slate-100"
        >
          <option value="optional">Optional</option>
          <option value="required">Required</option>
        </select>
      </label>
      {canWrite ? (
        <button
          type="submit"
          disabled={pending}
          className="rounded-md bg-slate-900 px-3 py-1.5 text-sm font-semibold text-white disabled:opacity-60"
        >
          {pending ? "Saving…" : "Save"}
        </button>
      ) : null}
      <p
        role="status"
        aria-live="polite"
        className={`basis-full text-sm ${state?.ok ? "text-emerald-800" : "text-rose-700"}`}
      >
        {state?.message}
      </p>
    </form>
  );
}
