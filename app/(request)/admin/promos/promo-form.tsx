"use client";
// Create/edit form of one promo code. The browser checks it with the server's schema first;
// the server checks everything again, and the minimum margin is checked at every checkout.
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { promoFormSchema, promoScopeLabels, promoScopes } from "@/lib/promos/promo-terms";
import { savePromoAction } from "./actions";

export type PromoDraft = {
  id?: string;
  code: string;
  description: string;
  kind: string;
  value: string;
  scope: string;
  scopeKeys: string;
  startsAt: string;
  endsAt: string;
  maxUses: string;
  maxUsesPerShopper: string;
  active: boolean;
};

type Errors = Record<string, string[] | undefined>;

const keyLabel: Record<string, string> = {
  product_type: "Product type slugs (e.g. game_card)",
  brand: "Brand names",
  sku: "Item codes",
};

export function PromoForm({
  initial,
  currency,
  canWrite,
}: {
  initial: PromoDraft;
  currency: string;
  canWrite: boolean;
}) {
  const router = useRouter();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, startTransition] = useTransition();
  const editing = initial.id !== undefined;
  const set =
    (k: keyof PromoDraft) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      setDraft({
        ...draft,
        [k]: e.target instanceof HTMLInputElement && e.target.type === "checkbox" ? e.target.checked : e.target.value,
      });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const input = { ...draft, active: draft.active ? "true" : "false", ...(draft.id ? {} : { id: undefined }) };
    const parsed = promoFormSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), [i.message]])));
      setStatus({ ok: false, text: "Some values need fixing." });
      return;
    }
    setErrors({});
    startTransition(async () => {
      const result = await savePromoAction(input);
      setStatus({ ok: result.ok, text: result.message ?? "" });
      if (!result.ok) {
        setErrors(result.fieldErrors ?? {});
        return;
      }
      const id = (result.data as { id?: string } | undefined)?.id;
      if (!editing && id) router.push(`/admin/promos/${id}`);
    });
  };

  const field = "mt-1 w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm disabled:bg-slate-100";
  const err = (k: string) => (
    <span id={`${k}-error`} aria-live="polite" className="text-xs text-rose-700">
      {errors[k]?.[0]}
    </span>
  );
  const input = (k: keyof PromoDraft, label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <label className="text-sm font-medium text-slate-700">
      {label}
      <input
        value={String(draft[k])}
        onChange={set(k)}
        aria-invalid={errors[k] ? true : undefined}
        aria-describedby={`${k}-error`}
        className={field}
        {...props}
      />
      {err(k)}
    </label>
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
      aria-label={editing ? `Edit code ${initial.code}` : "New promo code"}
    >
      <fieldset disabled={!canWrite} className="grid gap-3 sm:grid-cols-3">
        {input("code", editing ? "Code (cannot change)" : "Code", {
          readOnly: editing,
          autoCapitalize: "characters",
          spellCheck: false,
          maxLength: 32,
          className: `${field} font-mono uppercase`,
        })}
        <div className="sm:col-span-2">
          {input("description", "Shown to shoppers (optional)", { maxLength: 120, placeholder: "Spring sale" })}
        </div>
        <label className="text-sm font-medium text-slate-700">
          Discount
          <select value={draft.kind} onChange={set("kind")} className={field}>
            <option value="percent">Percent off</option>
            <option value="amount">Amount off ({currency})</option>
          </select>
        </label>
        {input("value", draft.kind === "percent" ? "Percent" : `Amount (${currency})`, { inputMode: "decimal" })}
        <label className="text-sm font-medium text-slate-700">
          Applies to
          <select value={draft.scope} onChange={set("scope")} className={field}>
            {promoScopes.map((s) => (
              <option key={s} value={s}>
                {promoScopeLabels[s]}
              </option>
            ))}
          </select>
        </label>
        {draft.scope === "all" ? null : (
          <label className="text-sm font-medium text-slate-700 sm:col-span-3">
            {keyLabel[draft.scope]}, separated by commas or lines
            <textarea
              value={draft.scopeKeys}
              onChange={set("scopeKeys")}
              rows={2}
              aria-invalid={errors.scopeKeys ? true : undefined}
              aria-describedby="scopeKeys-error"
              className={field}
            />
            {err("scopeKeys")}
          </label>
        )}
        {input("startsAt", "Starts (UTC, optional)", { type: "datetime-local" })}
        {input("endsAt", "Ends (UTC, optional)", { type: "datetime-local" })}
        <span aria-hidden="true" className="hidden sm:block" />
        {input("maxUses", "Uses in total (empty: no limit)", { inputMode: "numeric" })}
        {input("maxUsesPerShopper", "Uses per shopper (empty: no limit)", { inputMode: "numeric" })}
        <label className="flex items-center gap-2 self-end text-sm font-medium text-slate-700">
          <input type="checkbox" checked={draft.active} onChange={set("active")} />
          Active (shoppers can use it)
        </label>
      </fieldset>
      <p className="text-sm text-slate-600">
        A code never sells below cost: at checkout the minimum margin of the pricing rules is checked after the
        discount, and a code that would break it is refused for that product.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {canWrite ? (
          <button
            type="submit"
            disabled={pending}
            className="rounded-md bg-slate-900 px-4 py-2 text-sm font-semibold text-white disabled:opacity-50"
          >
            {pending ? "Saving…" : editing ? "Save code" : "Create code"}
          </button>
        ) : (
          <p className="text-sm text-slate-600">Your role can view codes but not change them.</p>
        )}
        <p
          role="status"
          aria-live="polite"
          className={`text-sm ${status?.ok === false ? "text-rose-700" : "text-emerald-700"}`}
        >
          {status?.text}
        </p>
      </div>
    </form>
  );
}
