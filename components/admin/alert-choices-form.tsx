"use client";
// Settings → Alerts: which alerts the signed-in owner receives by email; the ones firing now are marked.
import { useActionState } from "react";
import { saveAlertChoicesAction } from "@/lib/admin/alerts/actions";
import type { AlertSettingsView } from "@/lib/admin/alerts/alert-settings";
import type { ActionState } from "@/lib/errors";
import { formatTime } from "./format";

export function AlertChoicesForm({ view }: { view: AlertSettingsView }) {
  const [state, action, pending] = useActionState<ActionState | null, FormData>(saveAlertChoicesAction, null);
  return (
    <form action={action} className="space-y-3">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700">Email me when…</legend>
        <ul className="space-y-1.5">
          {view.kinds.map((k) => (
            <li key={k.kind}>
              <label className="flex items-start gap-2 text-sm">
                <input type="checkbox" name={k.kind} defaultChecked={k.enabled} className="mt-1" />
                <span>
                  {k.label}
                  {k.firingSince ? (
                    <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
                      firing since {formatTime(k.firingSince)}
                    </span>
                  ) : null}
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="flex items-center gap-3">
        <button
          type="submit"
          disabled={pending}
          className="rounded-md bg-slate-900 px-4 py-2 text-sm font-semibold text-white disabled:opacity-50"
        >
          {pending ? "Saving…" : "Save alert choices"}
        </button>
        <p
          role="status"
          aria-live="polite"
          className={`text-sm ${state?.ok === false ? "text-rose-700" : "text-emerald-700"}`}
        >
          {state?.message}
        </p>
      </div>
    </form>
  );
}
