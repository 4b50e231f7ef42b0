"use client";
// Create/edit form of one market, validated in the browser with the server's own schema, with a
// live example of a converted price (the shop's pure conversion and formatter).
import { useState, useTransition } from "react";
import { fieldErrorsOf } from "@/lib/errors";
import { convertPrice } from "@/lib/markets/convert";
import { formatMarketMoney } from "@/lib/markets/format";
import { marketFormSchema, rateSources, shippedLanguages } from "@/lib/markets/market-schema";
import { roundingKinds, toRoundingRule } from "@/lib/markets/rounding";
import { saveMarketAction } from "./actions";

export type MarketDraft = {
  id?: string;
  slug: string;
  name: string;
  countries: string;
  currency: string;
  defaultLanguage: string;
  otherLanguages: string[];
  rateSource: string;
  manualRate: string;
  rateMaxAgeHours: string;
  fxBufferPercent: string;
  priceAdjustmentPercent: string;
  roundingKind: string;
  roundingValue: string;
  productRegions: string;
  enabled: boolean;
  isDefault: boolean;
  position: string;
};
type Errors = Record<string, string[] | undefined>;

const textFields = [
  ["name", "Name", "text"],
  ["slug", "URL segment", "text"],
  ["countries", "Countries (ISO codes, comma-separated)", "text"],
  ["currency", "Currency (ISO 4217)", "text"],
  ["manualRate", "Manual rate (per 1 wallet unit)", "decimal"],
  ["rateMaxAgeHours", "Trust a rate for (hours)", "numeric"],
  ["fxBufferPercent", "FX buffer %", "decimal"],
  ["priceAdjustmentPercent", "Price adjustment % (optional)", "decimal"],
  ["roundingValue", "Step or ending", "decimal"],
  ["productRegions", "Product regions (empty: its countries' and global ones; the default market: all)", "text"],
  ["position", "Position in lists", "numeric"],
] as const;

const roundingLabel: Record<string, string> = {
  none: "Up to the smallest unit",
  "up-to-step": "Up to the next step (e.g. 500)",
  ending: "Up to an ending (e.g. 0.90)",
};

/** "A 10.00 sale price shows as Rp 165.000" with the draft's values, or null while they do not parse. */
function examplePrice(draft: MarketDraft, walletCurrency: string): string | null {
  const parsed = marketFormSchema.safeParse(draft);
  if (!parsed.success) return null;
  const d = parsed.data;
  const rounding = toRoundingRule(d.roundingKind, d.roundingValue);
  if (!rounding) return null;
  const price = convertPrice("10.00", "9.00", {
    currency: d.currency,
    rate: d.manualRate,
    fxBufferPercent: d.fxBufferPercent,
    priceAdjustmentPercent: d.priceAdjustmentPercent,
    rounding,
  });
  const wallet = formatMarketMoney("10.00", walletCurrency, "en");
  const local = formatMarketMoney(price.amount, d.currency, d.defaultLanguage, d.countries[0]);
  return `A ${wallet} sale price (floor ${formatMarketMoney("9.00", walletCurrency, "en")}) shows as ${local} at the manual rate.`;
}

export function MarketEditor({ initial, walletCurrency }: { initial: MarketDraft; walletCurrency: string }) {
  const [draft, setDraft] = useState<MarketDraft>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, startTransition] = useTransition();
  const set = (k: keyof MarketDraft) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setDraft({ ...draft, [k]: e.target.type === "checkbox" ? (e.target as HTMLInputElement).checked : e.target.value });
  const toggleLanguage = (lang: string) =>
    setDraft({
      ...draft,
      otherLanguages: draft.otherLanguages.includes(lang)
        ? draft.otherLanguages.filter((l) => l !== lang)
        : [...draft.otherLanguages, lang],
    });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = marketFormSchema.safeParse(draft);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      setStatus({ ok: false, text: "Please check the form." });
      return;
    }
    setErrors({});
    startTransition(async () => {
      // The raw draft: the server parses it again with the same schema.
      const result = await saveMarketAction(draft);
      setStatus({ ok: result.ok, text: result.message ?? "" });
      if (!result.ok && result.fieldErrors) setErrors(result.fieldErrors);
    });
  };
  const field = "mt-1 w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm";
  const errorOf = (k: string) => (
    <span id={`${draft.id ?? "new"}-${k}-error`} aria-live="polite" className="text-xs text-rose-700">
      {errors[k]?.[0] ?? ""}
    </span>
  );
  const described = (k: string) => ({
    "aria-invalid": Boolean(errors[k]),
    "aria-describedby": `${draft.id ?? "new"}-${k}-error`,
  });
  const example = examplePrice(draft, walletCurrency);

  return (
    <form
      onSubmit={submit}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
      aria-label={initial.id ? `Edit ${initial.name}` : "New market"}
    >
      <div className="grid gap-3 sm:grid-cols-3">
        {textFields.map(([k, label, mode]) => (
          <label key={k} className="text-sm font-medium text-slate-700">
            {label}
            <input
              inputMode={mode === "text" ? undefined : mode}
              value={draft[k]}
              onChange={set(k)}
              disabled={k === "roundingValue" && draft.roundingKind === "none"}
              className={field}
              {...described(k)}
            />
            {errorOf(k)}
          </label>
        ))}
        <label className="text-sm font-medium text-slate-700">
          Rounding
          <select value={draft.roundingKind} onChange={set("roundingKind")} className={field}>
            {roundingKinds.map((r) => (
              <option key={r} value={r}>
                {roundingLabel[r]}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-700">
          Rate source
          <select value={draft.rateSource} onChange={set("rateSource")} className={field} {...described("rateSource")}>
            {rateSources.map((r) => (
              <option key={r} value={r}>
                {r === "manual" ? "Manual rate" : "Reference-rate feed"}
              </option>
            ))}
          </select>
          {errorOf("rateSource")}
        </label>
        <label className="text-sm font-medium text-slate-700">
          Default language
          <select value={draft.defaultLanguage} onChange={set("defaultLanguage")} className={field}>
            {shippedLanguages.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </label>
      </div>
      <fieldset className="text-sm text-slate-700" {...described("otherLanguages")}>
        <legend className="font-medium">Other languages</legend>
        {shippedLanguages
          .filter((l) => l !== draft.defaultLanguage)
          .map((l) => (
            <label key={l} className="mr-4 inline-flex items-center gap-1">
              <input type="checkbox" checked={draft.otherLanguages.includes(l)} onChange={() => toggleLanguage(l)} />
              {l}
            </label>
          ))}
        {errorOf("otherLanguages")}
      </fieldset>
      <div className="flex flex-wrap gap-6 text-sm text-slate-700">
        <label className="inline-flex items-center gap-2">
          <input type="checkbox" checked={draft.enabled} onChange={set("enabled")} {...described("enabled")} />
          Enabled
        </label>
        <label className="inline-flex items-center gap-2">
          <input type="checkbox" checked={draft.isDefault} onChange={set("isDefault")} {...described("isDefault")} />
          Default market (sells in {walletCurrency})
        </label>
        {errorOf("enabled")}
        {errorOf("isDefault")}
      </div>
      <p className="text-sm text-slate-600">{example ?? "Fix the highlighted values to see an example price."}</p>
      <div className="flex items-center gap-3">
        <button
          type="submit"
          disabled={pending}
          className="rounded-md bg-slate-900 px-4 py-2 text-sm font-semibold text-white disabled:opacity-50"
        >
          {pending ? "Saving…" : initial.id ? "Save market" : "Create market"}
        </button>
        <p aria-live="polite" className={`text-sm ${status?.ok === false ? "text-rose-700" : "text-emerald-700"}`}>
          {status?.text}
        </p>
      </div>
    </form>
  );
}
