"use client";
// The seller's details and the tax line receipts show (off until a rate is set).
import { useActionState } from "react";
import type { ActionState } from "@/lib/errors";
import type { ReceiptSettings } from "@/lib/receipts/receipt-settings-schema";
import { saveReceiptSettingsAction } from "./receipt-actions";
import { ActionStatus } from "@/components/admin/action-status";
import { FieldError, SettingsField, settingsInputClass } from "@/components/admin/settings-field";

export function ReceiptSettingsForm({ settings, canWrite }: { settings: ReceiptSettings; canWrite: boolean }) {
  const [state, action, pending] = useActionState<ActionState | null, FormData>(saveReceiptSettingsAction, null);
  const errors = state && !state.ok ? (state.fieldErrors ?? {}) : {};
  return (
    <form action={action} className="grid gap-4 sm:grid-cols-3">
      <fieldset disabled={!canWrite} className="contents">
        <SettingsField
          name="taxLabel"
          label="Tax name (e.g. VAT)"
          maxLength={30}
          defaultValue={settings.taxLabel}
          errors={errors}
          idPrefix="receipt-"
        />
        <SettingsField
          name="taxRatePercent"
          label="Tax rate included in prices (%; 0 = no tax line)"
          inputMode="decimal"
          defaultValue={settings.taxRatePercent}
          errors={errors}
          idPrefix="receipt-"
        />
        <label className="text-sm font-medium text-slate-700 sm:col-span-3">
          Seller details on receipts (legal name, address, tax or company number; one per line)
          <textarea
            name="businessDetails"
            defaultValue={settings.businessDetails}
            rows={3}
            maxLength={500}
            aria-describedby="receipt-businessDetails-error"
            className={settingsInputClass}
          />
          <FieldError id="receipt-businessDetails-error" message={errors.businessDetails?.[0]} />
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
            <ActionStatus state={state} />
          </div>
        ) : null}
      </fieldset>
    </form>
  );
}
