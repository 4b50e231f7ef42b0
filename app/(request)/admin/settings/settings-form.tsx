"use client";
// Shop settings form; field errors and the result are announced in aria-live regions.
import { useActionState, useState } from "react";
import type { ActionState } from "@/lib/errors";
import type { ShopSettings } from "@/lib/admin/settings/shop-settings";
import { shopSettingsSchema } from "@/lib/admin/settings/settings-schema";
import { saveSettingsAction } from "./actions";
import { fieldErrorsOf } from "@/lib/errors";
import { ActionStatus } from "@/components/admin/action-status";
import { SettingsField, settingsInputClass } from "@/components/admin/settings-field";

const displays = [
  ["symbol", "Symbol ($10.00)"],
  ["narrowSymbol", "Narrow symbol ($10.00, never US$)"],
  ["code", "Code (USD 10.00)"],
  ["name", "Name (10.00 US dollars)"],
] as const;

export function SettingsForm({ settings, canWrite }: { settings: ShopSettings; canWrite: boolean }) {
  const [state, action, pending] = useActionState<ActionState | null, FormData>(saveSettingsAction, null);
  const [clientErrors, setClientErrors] = useState<Record<string, string[]> | null>(null);
  const errors = clientErrors ?? (state && !state.ok ? (state.fieldErrors ?? {}) : {});
  // The server's schema checks the form here first; the server still checks everything again.
  const check = (e: React.FormEvent<HTMLFormElement>) => {
    const parsed = shopSettingsSchema.safeParse(
      Object.fromEntries([...new FormData(e.currentTarget)].filter(([k]) => !k.startsWith("$ACTION"))),
    );
    if (parsed.success) return setClientErrors(null);
    e.preventDefault();
    setClientErrors(fieldErrorsOf(parsed.error));
  };
  return (
    <form action={action} onSubmit={check} noValidate className="grid gap-4 sm:grid-cols-3">
      <fieldset disabled={!canWrite} className="contents">
        <SettingsField
          name="shopName"
          label="Shop name"
          required
          maxLength={80}
          defaultValue={settings.shopName}
          errors={errors}
        />
        <label className="text-sm font-medium text-slate-700">
          Currency display ({settings.currency})
          <select name="currencyDisplay" defaultValue={settings.currencyDisplay} className={settingsInputClass}>
            {displays.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </label>
        <SettingsField
          name="lowBalanceThreshold"
          label={`Low-balance warning below (${settings.currency})`}
          inputMode="decimal"
          defaultValue={settings.lowBalanceThreshold}
          errors={errors}
        />
        <SettingsField
          name="walletReserve"
          label={`Keep in the upstream wallet (${settings.currency}; checkout refuses what would go below)`}
          inputMode="decimal"
          defaultValue={settings.walletReserve}
          errors={errors}
        />
        <SettingsField
          name="hoursLeftBelow"
          label="Also low when it lasts fewer hours of sales than (0 = off)"
          inputMode="numeric"
          defaultValue={settings.hoursLeftBelow}
          errors={errors}
        />
        <label className="text-sm font-medium text-slate-700 sm:col-span-3">
          When the supplier&apos;s price rises after a shopper paid, past the minimum margin
          <select name="priceRiseAction" defaultValue={settings.priceRiseAction} className={settingsInputClass}>
            <option value="refund">Refund the shopper automatically (never sell below cost)</option>
            <option value="hold">Hold the line for staff to buy anyway or refund</option>
          </select>
        </label>
        <SettingsField
          name="firstOrderReviewAbove"
          label={`Hold a new buyer's first order for review when it is above (${settings.currency}; 0 = never)`}
          inputMode="decimal"
          defaultValue={settings.firstOrderReviewAbove}
          errors={errors}
          wide
        />
        <SettingsField
          name="quoteWindowSeconds"
          label="Trust a checked supplier price for (seconds, 0–300; shorter bounds a price rise's loss, at more live checks per order)"
          inputMode="numeric"
          defaultValue={settings.quoteWindowSeconds}
          errors={errors}
          wide
        />
        <div className="flex items-center gap-3 sm:col-span-3">
          <button
            type="submit"
            className="rounded-md bg-slate-900 px-4 py-2 text-sm font-semibold text-white disabled:opacity-50"
            disabled={pending}
          >
            {pending ? "Saving…" : "Save settings"}
          </button>
          <ActionStatus state={state} />
        </div>
      </fieldset>
    </form>
  );
}
