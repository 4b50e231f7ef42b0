"use client";
// The "Held payment" panel's two actions: release (accept the money, the order is bought) or
// refund in full (the order is cancelled). Each is a small confirm form bound to a server action.
import { useActionState, useState } from "react";
import { refundHeldPaymentAction, releaseHeldPaymentAction } from "@/lib/admin/payments/actions";
import type { ActionState } from "@/lib/errors";

const btn = "rounded-md px-2 py-1 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-60";

type Kind = "release" | "refund";
const copy: Record<Kind, { open: string; confirm: string; busy: string; tick: string }> = {
  release: {
    open: "Release…",
    confirm: "Confirm release",
    busy: "Releasing…",
    tick: "Accept this payment and deliver the order",
  },
  refund: {
    open: "Refund in full…",
    confirm: "Confirm refund",
    busy: "Refunding…",
    tick: "Refund everything the buyer paid and cancel the order",
  },
};

function HeldPaymentForm({
  kind,
  paymentId,
  action: serverAction,
}: {
  kind: Kind;
  paymentId: string;
  action: typeof releaseHeldPaymentAction;
}) {
  const [open, setOpen] = useState(false);
  const [state, action, pending] = useActionState<ActionState | null, FormData>(serverAction, null);
  const text = copy[kind];
  const reasonId = `held-${kind}-reason-${paymentId}`;
  if (!open)
    return (
      <button type="button" onClick={() => setOpen(true)} className={btn}>
        {text.open}
      </button>
    );
  const errors = state && !state.ok ? state.fieldErrors : undefined;
  return (
    <form action={action} className="mt-2 space-y-2 rounded-md border border-slate-200 p-3">
      <input type="hidden" name="paymentId" value={paymentId} />
      <label className="block text-sm font-medium">
        Reason
        <input
          name="reason"
          required
          minLength={3}
          maxLength={500}
          className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1"
          aria-describedby={reasonId}
        />
      </label>
      <p id={reasonId} className="text-sm text-rose-700">
        {errors?.reason?.[0]}
      </p>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="confirm" value="yes" required /> {text.tick}
      </label>
      <div className="flex gap-2">
        <button
          type="submit"
          disabled={pending}
          className={`${btn} ${kind === "refund" ? "bg-rose-600 text-white ring-rose-700 hover:bg-rose-700" : ""}`}
        >
          {pending ? text.busy : text.confirm}
        </button>
        <button type="button" onClick={() => setOpen(false)} className={btn}>
          Cancel
        </button>
      </div>
      <p role="status" aria-live="polite" className={`text-sm ${state?.ok ? "text-emerald-800" : "text-rose-700"}`}>
        {state?.message}
      </p>
    </form>
  );
}

/** Release (owner) and refund (orders.refund) for one held payment; the page says which to show. */
export function HeldPaymentActions({
  paymentId,
  canRelease,
  canRefund,
}: {
  paymentId: string;
  canRelease: boolean;
  canRefund: boolean;
}) {
  return (
    <div className="flex flex-wrap items-start gap-2">
      {canRelease ? <HeldPaymentForm kind="release" paymentId={paymentId} action={releaseHeldPaymentAction} /> : null}
      {canRefund ? <HeldPaymentForm kind="refund" paymentId={paymentId} action={refundHeldPaymentAction} /> : null}
    </div>
  );
}
