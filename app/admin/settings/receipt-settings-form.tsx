"use client";
// The seller's details and the tax line receipts show (off until a rate is set).
import { useActionState } from "react";
import type { ActionState } from "@/lib/errors";
import type { ReceiptSettings } from "@/lib/receipts/receipt-settings-schema";
import { saveReceiptSettingsAction } from "./receipt-actions";

export function ReceiptSettingsForm({ settings, canWrite }: { settings: ReceiptSettings; canWrite: boolean }) {
  const [state, action, pending] = useActionState<ActionState | null, FormData>(saveReceiptSettingsAction, null);
  const errors = state && !state.ok ? (state.fieldErrors ?? {}) : {};
  const input = "mt-1 w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm disabled:bg-slate-100";
  const err = (k: string) => (
    <span id={`receipt-${k}-error`} aria-live="polite" className="text-xs text-rose-700">
      {errors[k]?.[0]}
    </span>
  );
  return (
    <form action={action} className="grid gap-4 sm:grid-cols-3">
      <fieldset disabled={!canWrite} className="contents">
        <label className="text-sm font-medium text-slate-700">
          Tax name (e.g. VAT)
          <input
            name="taxLabel"
            defaultValue={settings.taxLabel}
            maxLength={30}
            aria-describedby="receipt-taxLabel-error"
            className={input}
          />
          {err("taxLabel")}
        </label>
        <label className="text-sm font-medium text-slate-700">
          Tax rate included in prices (%; 0 = no tax line)
          <input
            name="taxRatePercent"
            inputMode="decimal"
            defaultValue={settings.taxRatePercent}
            aria-describedby="receipt-taxRatePercent-error"
            className={input}
          />
          {err("taxRatePercent")}
        </label>
        <label className="text-sm font-medium text-slate-700 sm:col-span-3">
          Seller details on receipts (legal name, address, tax or company number; one per line)
          <textarea
            name="businessDetails"
            defaultValue={settings.businessDetails}
            rows={3}
            maxLength={500}
            aria-describedby="receipt-businessDetails-error"
            className={input}
          />
          {err("businessDetails")}
        </label>
        {canWrite ? (
          <div className="flex items-center gap-3 sm:col-span-3">
            <button
              type="submit"
              disabled={pending}
              className="rounded-md bg-slate-900 px-4 py-2 text-sm font-semibold text-white disabled:opacity-50"
            >
              {pending ? "Saving…" : "Save receipt settings"}
            </button>
            <p
              role="status"
              aria-live="polite"
              className={`text-sm ${state?.ok === false ? "text-rose-700" : "text-emerald-700"}`}
            >
              {state?.message}
            </p>
          </div>
        ) : null}
      </fieldset>
    </form>
  );
}
