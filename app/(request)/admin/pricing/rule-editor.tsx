"use client";
// Create/edit form of one markup rule with a live preview: prices for sample products are
// recomputed in the browser with the shop's own pure pricing functions as staff type.
import { useState, useTransition } from "react";
import type { PricingRuleInput } from "@/lib/pricing/markup";
import { previewPrices, type PreviewProduct } from "@/lib/admin/pricing/preview";
import {
  pricingRuleSchema,
  roundingOptions,
  ruleScopeOptions,
  type PricingRuleForm,
} from "@/lib/admin/pricing/rule-schema";
import { savePricingRuleAction } from "./actions";
import { fieldErrorsOf } from "@/lib/errors";

type Draft = Omit<PricingRuleForm, "scope" | "rounding"> & { scope: string; rounding: string };
type Errors = Record<string, string[] | undefined>;

const numberFields = [
  ["markupPercent", "Markup %"],
  ["fixedFee", "Fixed fee"],
  ["minMarginPercent", "Minimum margin %"],
  ["minMarginAmount", "Minimum margin amount"],
] as const;

export function RuleEditor({
  initial,
  rules,
  samples,
  canWrite,
  onDone,
}: {
  initial: Draft;
  rules: PricingRuleInput[];
  samples: PreviewProduct[];
  canWrite: boolean;
  onDone?: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, startTransition] = useTransition();
  const isGlobal = initial.id !== undefined && initial.scope === "global";
  const parsed = pricingRuleSchema.safeParse(draft);
  // The key does not change prices: preview while it is still empty (it can match nothing yet).
  const previewable = pricingRuleSchema.safeParse(
    draft.scope === "global" || draft.key.trim() ? draft : { ...draft, key: "\u0000" },
  );
  const preview = previewable.success ? previewPrices(previewable.data, rules, samples) : null;
  // Values the preview cannot use yet are outlined as they are typed, not only after saving.
  const liveInvalid = new Set(previewable.success ? [] : previewable.error.issues.map((i) => String(i.path[0])));
  const set = (k: keyof Draft) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setDraft({ ...draft, [k]: e.target.value });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    startTransition(async () => {
      const result = await savePricingRuleAction(parsed.data);
      setStatus({ ok: result.ok, text: result.message ?? "" });
      if (!result.ok && result.fieldErrors) setErrors(result.fieldErrors);
      if (result.ok) onDone?.();
    });
  };
  const field = "mt-1 w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm";
  const errorOf = (k: string) =>
    errors[k]?.length ? (
      <span id={`${k}-error`} className="text-xs text-rose-700">
        {errors[k]?.[0]}
      </span>
    ) : null;

  return (
    <form
      onSubmit={submit}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
      aria-label={initial.id ? "Edit rule" : "New rule"}
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <label className="text-sm font-medium text-slate-700">
          Applies to
          <select value={draft.scope} onChange={set("scope")} disabled={isGlobal} className={field}>
            {ruleScopeOptions
              .filter((s) => s !== "global" || isGlobal)
              .map((s) => (
                <option key={s} value={s}>
                  {s.replace("_", " ")}
                </option>
              ))}
          </select>
        </label>
        {draft.scope === "global" ? null : (
          <label className="text-sm font-medium text-slate-700 sm:col-span-2">
            {draft.scope === "sku" ? "Item code" : draft.scope === "brand" ? "Brand name" : "Product type slug"}
            <input
              value={draft.key}
              onChange={set("key")}
              aria-invalid={Boolean(errors.key)}
              aria-describedby="key-error"
              className={field}
            />
            {errorOf("key")}
          </label>
        )}
      </div>
      <div className="grid gap-3 sm:grid-cols-5">
        {numberFields.map(([k, label]) => (
          <label key={k} className="text-sm font-medium text-slate-700">
            {label}
            <input
              inputMode="decimal"
              value={draft[k]}
              onChange={set(k)}
              aria-invalid={Boolean(errors[k]) || liveInvalid.has(k)}
              aria-describedby={`${k}-error`}
              className={field}
            />
            {errorOf(k)}
          </label>
        ))}
        <label className="text-sm font-medium text-slate-700">
          Rounding
          <select value={draft.rounding} onChange={set("rounding")} className={field}>
            {roundingOptions.map((r) => (
              <option key={r} value={r}>
                {r === "none" ? "to the cent" : r === "whole" ? "whole units" : `ends in ${r.slice(1)}`}
              </option>
            ))}
          </select>
        </label>
      </div>
      {draft.scope !== "global" && !draft.key.trim() ? (
        <p className="text-sm text-amber-800">
          Enter the {draft.scope === "sku" ? "item code" : draft.scope === "brand" ? "brand name" : "product type slug"}{" "}
          this rule is for: until then it applies to no product.
        </p>
      ) : null}
      <PreviewTable rows={preview} />
      <div className="flex items-center gap-3">
        <button
          type="submit"
          disabled={!canWrite || pending}
          className="rounded-md bg-slate-900 px-4 py-2 text-sm font-semibold text-white disabled:opacity-50"
        >
          {pending ? "Saving and repricing…" : "Save and reprice"}
        </button>
        <p aria-live="polite" className={`text-sm ${status?.ok === false ? "text-rose-700" : "text-emerald-700"}`}>
          {status?.text}
        </p>
      </div>
    </form>
  );
}

function PreviewTable({ rows }: { rows: ReturnType<typeof previewPrices> | null }) {
  if (!rows) return <p className="text-sm text-slate-500">Fix the highlighted values to see the preview.</p>;
  if (rows.length === 0) return <p className="text-sm text-slate-500">No synced products to preview yet.</p>;
  return (
    <table className="w-full text-sm" aria-label="Preview of resulting prices">
      <caption className="pb-1 text-left text-xs text-slate-500">
        Sample products priced with this rule; the last column is what each would cost in the shop after saving.
      </caption>
      <thead className="text-left text-slate-600">
        <tr>
          <th className="py-1">Sample</th>
          <th className="text-right">Cost</th>
          <th className="text-right">With this rule</th>
          <th className="text-right">Margin</th>
          <th className="text-right">After saving</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.itemCode}>
            <td className="py-1 font-mono text-xs">{r.itemCode}</td>
            <td className="text-right tabular-nums">{r.cost}</td>
            <td className="text-right font-semibold tabular-nums">{r.price}</td>
            <td className="text-right tabular-nums">{r.margin}</td>
            <td className={`text-right tabular-nums ${r.applies ? "" : "text-slate-500"}`}>
              {r.effective}
              {r.applies ? "" : " (this rule does not apply)"}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
