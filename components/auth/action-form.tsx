"use client";
// A form bound to a server action returning ActionState: shows the message and field errors, in
// the page's language when the answer is a known one (components/auth/use-account-text.ts).
import { useTranslations } from "next-intl";
import { useActionState, useId } from "react";
import { useAccountText } from "./use-account-text";
import type { ActionState } from "@/lib/errors";

type Field = { name: string; label: string; type?: string; autoComplete?: string; hidden?: string };

export function ActionForm({
  action,
  fields,
  submitLabel,
  doneHint,
}: {
  action: (prev: ActionState | null, fd: FormData) => Promise<ActionState>;
  fields: Field[];
  submitLabel: string;
  doneHint?: React.ReactNode;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const t = useTranslations("auth");
  // The form's own ids: a page Next keeps hidden after a navigation may hold the same form.
  const uid = useId();
  const text = useAccountText();
  const errors = state && !state.ok ? state.fieldErrors : undefined;
  return (
    <form action={formAction} className="space-y-4">
      {fields.map((f) =>
        f.hidden !== undefined ? (
          <input key={f.name} type="hidden" name={f.name} value={f.hidden} />
        ) : (
          <div key={f.name}>
            <label htmlFor={`${uid}${f.name}`} className="block text-sm font-medium text-slate-700">
              {f.label}
            </label>
            <input
              id={`${uid}${f.name}`}
              name={f.name}
              type={f.type ?? "text"}
              autoComplete={f.autoComplete}
              aria-describedby={`${uid}${f.name}-error`}
              className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2"
            />
            <p id={`${uid}${f.name}-error`} aria-live="polite" className="text-sm text-rose-700">
              {errors?.[f.name]?.[0] ? text(errors[f.name]![0]!) : null}
            </p>
          </div>
        ),
      )}
      <p role="status" aria-live="polite" className={`text-sm ${state?.ok ? "text-emerald-800" : "text-rose-700"}`}>
        {state?.message ? text(state.message) : null}
      </p>
      {state?.ok && doneHint ? (
        doneHint
      ) : (
        <button
          type="submit"
          disabled={pending}
          className="w-full rounded-md bg-slate-900 px-4 py-2 font-semibold text-white hover:bg-slate-800 disabled:opacity-60"
        >
          {pending ? t("wait") : submitLabel}
        </button>
      )}
    </form>
  );
}
