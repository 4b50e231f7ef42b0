"use client";
// The owner's link and unlink controls on a product's admin page, validated in the browser with
// the action's own schema; the answer is announced.
import { useState, useTransition } from "react";
import { ActionStatus } from "@/components/admin/action-status";
import { linkOfferSchema, type LinkOfferForm } from "@/lib/admin/catalog/offer-link-schema";
import { fieldErrorsOf, type ActionState } from "@/lib/errors";
import { linkOfferAction, unlinkOfferAction } from "../offer-actions";

type Errors = Record<string, string[] | undefined>;
const input = "mt-1 block w-full rounded-md border border-slate-300 px-2 py-1 text-sm";

export function UnlinkButton({ supplier, itemCode }: { supplier: string; itemCode: string }) {
  const [state, setState] = useState<ActionState | null>(null);
  const [pending, startTransition] = useTransition();
  return (
    <span className="flex items-center gap-2">
      <button
        type="button"
        disabled={pending}
        className="rounded-md border border-slate-300 px-2 py-0.5 text-xs font-medium hover:bg-slate-50"
        onClick={() => startTransition(async () => setState(await unlinkOfferAction({ supplier, itemCode })))}
      >
        Unlink {supplier} {itemCode}
      </button>
      <ActionStatus state={state} />
    </span>
  );
}

export function LinkOfferFormView({ productCode, suppliers }: { productCode: string; suppliers: string[] }) {
  const [draft, setDraft] = useState<LinkOfferForm>({ supplier: suppliers[0] ?? "", itemCode: "", productCode });
  const [errors, setErrors] = useState<Errors>({});
  const [state, setState] = useState<ActionState | null>(null);
  const [pending, startTransition] = useTransition();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = linkOfferSchema.safeParse(draft);
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error));
    setErrors({});
    startTransition(async () => {
      const result = await linkOfferAction(parsed.data);
      setState(result);
      setErrors(result.ok ? {} : (result.fieldErrors ?? {}));
    });
  };

  return (
    <form onSubmit={submit} className="flex flex-wrap items-start gap-3">
      <label className="block w-32 text-sm">
        Supplier
        <select
          className={input}
          value={draft.supplier}
          onChange={(e) => setDraft({ ...draft, supplier: e.target.value })}
        >
          {suppliers.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <label className="block flex-1 text-sm">
        Item code there
        <input
          className={input}
          value={draft.itemCode}
          onChange={(e) => setDraft({ ...draft, itemCode: e.target.value })}
          aria-invalid={errors.itemCode ? true : undefined}
          aria-describedby="link-item-error"
        />
        <span id="link-item-error" aria-live="polite" className="text-xs text-rose-700">
          {errors.itemCode?.join(" ")}
        </span>
      </label>
      <label className="mt-6 flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={draft.confirm ?? false}
          onChange={(e) => setDraft({ ...draft, confirm: e.target.checked })}
          aria-describedby="link-confirm-error"
        />
        Link across face values or currencies
        <span id="link-confirm-error" aria-live="polite" className="text-xs text-rose-700">
          {errors.confirm?.join(" ")}
        </span>
      </label>
      <button
        type="submit"
        disabled={pending}
        className="mt-5 rounded-md bg-slate-900 px-3 py-1.5 text-sm font-semibold text-white"
      >
        Link offer
      </button>
      <div className="w-full">
        <ActionStatus state={state} />
      </div>
    </form>
  );
}
