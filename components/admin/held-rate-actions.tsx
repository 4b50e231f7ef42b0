"use client";
// Confirm or reject one held exchange rate: two small forms bound to the owners' server actions.
import { useActionState } from "react";
import { confirmHeldRateAction, rejectHeldRateAction } from "@/lib/admin/rates/actions";
import type { ActionState } from "@/lib/errors";
import { ActionStatus } from "./action-status";

const btn = "rounded-md px-2 py-1 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-60";

function DecideForm({
  rateId,
  label,
  action: serverAction,
}: {
  rateId: string;
  label: string;
  action: typeof confirmHeldRateAction;
}) {
  const [state, action, pending] = useActionState<ActionState | null, FormData>(serverAction, null);
  return (
    <form action={action}>
      <input type="hidden" name="rateId" value={rateId} />
      <button type="submit" disabled={pending} className={btn}>
        {label}
      </button>
      <ActionStatus state={state} />
    </form>
  );
}

export function HeldRateActions({ rateId, currency }: { rateId: string; currency: string }) {
  return (
    <div className="flex flex-wrap items-start gap-2" aria-label={`Decide the held ${currency} rate`} role="group">
      <DecideForm rateId={rateId} label="Confirm" action={confirmHeldRateAction} />
      <DecideForm rateId={rateId} label="Reject" action={rejectHeldRateAction} />
    </div>
  );
}
