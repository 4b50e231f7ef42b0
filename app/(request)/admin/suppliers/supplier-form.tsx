"use client";
// One supplier's settings form, validated in the browser with the action's own schema; field
// errors and the answer are announced.
import { useState, useTransition } from "react";
import { ActionStatus } from "@/components/admin/action-status";
import { supplierSettingsSchema, type SupplierSettingsForm } from "@/lib/admin/suppliers/schema";
import { fieldErrorsOf, type ActionState } from "@/lib/errors";
import { saveSupplierSettingsAction } from "./actions";

type Errors = Record<string, string[] | undefined>;
const input = "mt-1 block w-full rounded-md border border-slate-300 px-2 py-1 text-sm";

export function SupplierForm({ initial }: { initial: SupplierSettingsForm }) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [state, setState] = useState<ActionState | null>(null);
  const [pending, startTransition] = useTransition();
  const id = (k: string) => `supplier-${initial.name}-${k}`;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = supplierSettingsSchema.safeParse(draft);
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error));
    setErrors({});
    startTransition(async () => {
      const result = await saveSupplierSettingsAction(draft);
      setState(result);
      if (!result.ok) setErrors(result.fieldErrors ?? {});
    });
  };

  return (
    <form onSubmit={submit} className="flex flex-wrap items-start gap-3">
      <label className="block flex-1 text-sm">
        Label
        <input
          className={input}
          value={draft.label}
          onChange={(e) => setDraft({ ...draft, label: e.target.value })}
          aria-invalid={errors.label ? true : undefined}
          aria-describedby={id("label-error")}
        />
        <span id={id("label-error")} aria-live="polite" className="text-xs text-rose-700">
          {errors.label?.join(" ")}
        </span>
      </label>
      <label className="block w-28 text-sm">
        Priority
        <input
          className={input}
          type="number"
          min={0}
          max={1000}
          value={String(draft.priority)}
          onChange={(e) => setDraft({ ...draft, priority: e.target.value })}
          aria-invalid={errors.priority ? true : undefined}
          aria-describedby={id("priority-error")}
        />
        <span id={id("priority-error")} aria-live="polite" className="text-xs text-rose-700">
          {errors.priority?.join(" ")}
        </span>
      </label>
      <label className="flex items-center gap-2 pt-6 text-sm">
        <input
          type="checkbox"
          checked={draft.enabled}
          onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })}
        />
        Enabled
      </label>
      <div className="pt-6">
        <button
          type="submit"
          disabled={pending}
          className="rounded-md bg-slate-900 px-3 py-1.5 text-sm font-medium text-white disabled:opacity-50"
        >
          {pending ? "Saving…" : "Save"}
        </button>
      </div>
      <div className="basis-full">
        <ActionStatus state={state} />
      </div>
    </form>
  );
}
