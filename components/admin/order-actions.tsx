"use client";
// The order detail's staff actions as small forms bound to server actions (ActionState).
import { useActionState, useState } from "react";
import {
  reconcileLineAction,
  refundLineAction,
  resendEmailAction,
  resolveAttentionAction,
  revealCodesAction,
} from "@/lib/admin/orders/actions";
import type { ActionState } from "@/lib/errors";

const btn = "rounded-md px-2 py-1 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-60";

function Status({ state }: { state: ActionState | null }) {
  return (
    <p role="status" aria-live="polite" className={`text-sm ${state?.ok ? "text-emerald-800" : "text-rose-700"}`}>
      {state?.message}
    </p>
  );
}

export function ReconcileButton({ lineId }: { lineId: string }) {
  const [state, action, pending] = useActionState(reconcileLineAction, null);
  return (
    <form action={action}>
      <input type="hidden" name="lineId" value={lineId} />
      <button type="submit" disabled={pending} className={btn}>
        {pending ? "Reconciling…" : "Reconcile now"}
      </button>
      <Status state={state} />
    </form>
  );
}

export function RefundForm({ lineId, amount }: { lineId: string; amount: string }) {
  const [open, setOpen] = useState(false);
  const [state, action, pending] = useActionState(refundLineAction, null);
  if (!open)
    return (
      <button type="button" onClick={() => setOpen(true)} className={btn}>
        Refund…
      </button>
    );
  const errors = state && !state.ok ? state.fieldErrors : undefined;
  return (
    <form action={action} className="mt-2 space-y-2 rounded-md border border-slate-200 p-3">
      <input type="hidden" name="lineId" value={lineId} />
      <label className="block text-sm font-medium">
        Reason
        <input
          name="reason"
          required
          minLength={3}
          className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1"
          aria-describedby={`reason-${lineId}`}
        />
      </label>
      <p id={`reason-${lineId}`} className="text-sm text-rose-700">
        {errors?.reason?.[0]}
      </p>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="confirm" value="yes" required /> Refund {amount} to the buyer&apos;s payment method
      </label>
      <div className="flex gap-2">
        <button
          type="submit"
          disabled={pending}
          className={`${btn} bg-rose-600 text-white ring-rose-700 hover:bg-rose-700`}
        >
          {pending ? "Refunding…" : "Confirm refund"}
        </button>
        <button type="button" onClick={() => setOpen(false)} className={btn}>
          Cancel
        </button>
      </div>
      <Status state={state} />
    </form>
  );
}

export function ResendEmailButton({ orderId }: { orderId: string }) {
  const [state, action, pending] = useActionState(resendEmailAction, null);
  return (
    <form action={action}>
      <input type="hidden" name="orderId" value={orderId} />
      <button type="submit" disabled={pending} className={btn}>
        {pending ? "Sending…" : "Resend order email"}
      </button>
      <Status state={state} />
    </form>
  );
}

type Code = { code: string; denomination: string; currency?: string };

export function RevealCodesButton({ lineId }: { lineId: string }) {
  const [state, action, pending] = useActionState(revealCodesAction, null);
  const codes = state?.ok ? ((state.data as { codes?: Code[] } | undefined)?.codes ?? []) : [];
  return (
    <form action={action}>
      <input type="hidden" name="lineId" value={lineId} />
      {codes.length === 0 ? (
        <button type="submit" disabled={pending} className={btn}>
          {pending ? "Revealing…" : "Reveal codes (audited)"}
        </button>
      ) : null}
      <Status state={state} />
      {codes.length > 0 ? (
        <ul className="mt-1 font-mono text-sm">
          {codes.map((c, i) => (
            <li key={i}>
              {c.code}{" "}
              <span className="text-slate-500">
                ({c.denomination}
                {c.currency ? ` ${c.currency}` : ""})
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </form>
  );
}

/** Decisions on a line that asked for staff: buy or refund a price-held line, or mark a note handled. */
export function AttentionActions({
  lineId,
  held,
  canBuy,
  canRefund,
}: {
  lineId: string;
  held: boolean;
  canBuy: boolean;
  canRefund: boolean;
}) {
  const [state, action, pending] = useActionState(resolveAttentionAction, null);
  return (
    <form action={action} className="mt-2 flex flex-wrap items-center gap-2">
      <input type="hidden" name="lineId" value={lineId} />
      {held && canBuy ? (
        <button type="submit" name="decision" value="buy" disabled={pending} className={btn}>
          Buy at the new price
        </button>
      ) : null}
      {held && canRefund ? (
        <button type="submit" name="decision" value="refund" disabled={pending} className={btn}>
          Refund instead
        </button>
      ) : null}
      {!held && canBuy ? (
        <button type="submit" name="decision" value="handled" disabled={pending} className={btn}>
          Mark as handled
        </button>
      ) : null}
      <Status state={state} />
    </form>
  );
}
