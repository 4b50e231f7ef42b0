"use client";
// The go-live checklist: each item green or red with what to do; checks that cost a request
// (upstream, SMTP) and the backups confirmation are buttons.
import { useActionState } from "react";
import type { ChecklistAction, ChecklistItem } from "@/lib/admin/go-live/checklist";
import type { ActionState } from "@/lib/errors";
import { checkSmtpAction, checkUpstreamAction, confirmBackupsAction } from "./actions";

const actions: Record<ChecklistAction, { label: string; run: (prev: ActionState | null) => Promise<ActionState> }> = {
  check_upstream: { label: "Check now", run: checkUpstreamAction },
  check_smtp: { label: "Check now", run: checkSmtpAction },
  confirm_backups: { label: "Confirm backups are set up", run: confirmBackupsAction },
};

function ItemAction({ action, title }: { action: ChecklistAction; title: string }) {
  const { label, run } = actions[action];
  const [state, formAction, pending] = useActionState(run, null);
  return (
    <form action={formAction} className="mt-2 flex flex-wrap items-center gap-2">
      <button
        type="submit"
        disabled={pending}
        aria-label={`${label}: ${title}`}
        className="rounded-md px-2 py-1 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-60"
      >
        {pending ? "Checking…" : label}
      </button>
      <span role="status" aria-live="polite" className={`text-sm ${state?.ok ? "text-emerald-800" : "text-rose-700"}`}>
        {state?.message}
      </span>
    </form>
  );
}

export function GoLiveChecklist({ items }: { items: ChecklistItem[] }) {
  const done = items.filter((i) => i.ok).length;
  return (
    <>
      <p className="mb-3 text-sm text-slate-700" data-testid="go-live-summary">
        {done} of {items.length} ready.
      </p>
      <ul className="space-y-3">
        {items.map((item) => (
          <li
            key={item.id}
            data-testid={`go-live-${item.id}`}
            className={`rounded-md border p-3 ${item.ok ? "border-emerald-200 bg-emerald-50" : "border-rose-200 bg-rose-50"}`}
          >
            <p className="font-medium text-slate-900">
              <span className={item.ok ? "text-emerald-800" : "text-rose-800"}>
                {item.ok ? "✓ Ready" : "✗ Not ready"}
              </span>{" "}
              · {item.title}
            </p>
            <p className="text-sm text-slate-700">{item.detail}</p>
            {item.ok ? null : (
              <p className="text-sm text-slate-900">
                <span className="font-medium">Fix:</span> {item.fix}
              </p>
            )}
            {item.action ? <ItemAction action={item.action} title={item.title} /> : null}
          </li>
        ))}
      </ul>
    </>
  );
}
