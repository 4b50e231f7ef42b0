"use client";
// The staff member's own two-factor controls: set it up, make new recovery codes, or turn it
// off (or, where the role requires it, start again on a new phone). Each asks for a current
// code or a recovery code.
import Link from "next/link";
import { useActionState, useId } from "react";
import { disableTwoFactorAction, regenerateRecoveryCodesAction } from "@/lib/auth/two-factor-actions";
import type { ActionState } from "@/lib/errors";
import { RecoveryCodes } from "./two-factor-setup";

const btn = "rounded-md px-3 py-1.5 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-60";

function CodeForm({
  action,
  label,
  id,
}: {
  action: (prev: ActionState | null, fd: FormData) => Promise<ActionState>;
  label: string;
  id: string;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  // Its own id: a page Next keeps hidden after a navigation may hold the same form.
  const fieldId = `${useId()}${id}`;
  const codes = state?.ok ? (state.data as { recoveryCodes?: string[] } | undefined)?.recoveryCodes : undefined;
  return (
    <form action={formAction} className="space-y-2">
      <div className="flex flex-wrap items-end gap-2">
        <label htmlFor={fieldId} className="text-sm font-medium">
          Current code (or a recovery code)
          <input
            id={fieldId}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            className="mt-1 block w-40 rounded-md border border-slate-300 px-2 py-1.5 font-mono"
          />
        </label>
        <button type="submit" disabled={pending} className={btn}>
          {pending ? "Please wait…" : label}
        </button>
      </div>
      <p role="status" aria-live="polite" className={`text-sm ${state?.ok ? "text-emerald-800" : "text-rose-700"}`}>
        {state?.message}
      </p>
      {codes ? <RecoveryCodes codes={codes} /> : null}
    </form>
  );
}

export function TwoFactorManage({ enabled, canDisable }: { enabled: boolean; canDisable: boolean }) {
  if (!enabled)
    return (
      <Link
        href="/two-factor/setup"
        className="inline-block rounded-md bg-slate-900 px-3 py-1.5 text-sm font-semibold text-white"
      >
        Set up two-factor sign-in
      </Link>
    );
  return (
    <div className="space-y-4">
      <CodeForm action={regenerateRecoveryCodesAction} label="Make new recovery codes" id="regen-code" />
      <CodeForm
        action={disableTwoFactorAction}
        label={canDisable ? "Turn off two-factor sign-in" : "Move to a new phone (signs you out)"}
        id="disable-code"
      />
    </div>
  );
}
