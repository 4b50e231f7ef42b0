"use client";
// The settings page's email section: the owner's codes-in-email switch and the SMTP check.
import { useActionState } from "react";
import { checkSmtpAction, saveCodesInEmailAction } from "@/lib/admin/outbox/actions";
import type { ActionState } from "@/lib/errors";

const btn = "rounded-md px-3 py-1.5 text-sm font-semibold ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-50";

function Status({ state }: { state: ActionState | null }) {
  return (
    <p
      role="status"
      aria-live="polite"
      className={`text-sm ${state?.ok === false ? "text-rose-700" : "text-emerald-700"}`}
    >
      {state?.message}
    </p>
  );
}

export function CodesInEmailForm({ enabled, canWrite }: { enabled: boolean; canWrite: boolean }) {
  const [state, action, pending] = useActionState<ActionState | null, FormData>(saveCodesInEmailAction, null);
  return (
    <form action={action} className="space-y-2">
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name="codesInEmail" defaultChecked={enabled} disabled={!canWrite} className="mt-1" />
        <span>
          Put the codes in the buyer&apos;s &ldquo;codes ready&rdquo; email
          <span className="block text-xs text-slate-600">
            Off (recommended): the email links to the order page, where the buyer reveals the codes. On: the codes are
            also in the email sent to the order&apos;s address, and anyone who reads that mailbox can redeem them. The
            outbox never keeps them.
          </span>
        </span>
      </label>
      {canWrite ? (
        <button type="submit" disabled={pending} className={btn}>
          {pending ? "Saving…" : "Save email setting"}
        </button>
      ) : null}
      <Status state={state} />
    </form>
  );
}

export function SmtpCheck({ canRun }: { canRun: boolean }) {
  const [state, action, pending] = useActionState<ActionState | null>(checkSmtpAction, null);
  return (
    <form action={action} className="flex flex-wrap items-center gap-3">
      <button type="submit" disabled={!canRun || pending} className={btn}>
        {pending ? "Checking…" : "Check SMTP"}
      </button>
      <Status state={state} />
    </form>
  );
}
