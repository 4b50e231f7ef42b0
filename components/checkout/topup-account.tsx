"use client";
// One direct top-up line's account form, generated from required_fields and validated with
// the same zod schema as the server, then checked upstream to show the account name.
import { useEffect, useState } from "react";
import { verifyAccountAction } from "@/app/(shop)/checkout/actions";
import { buildFieldsSchema, type RequiredFieldSpec } from "@/lib/orders/topup-fields";

export type AccountState = { fields: Record<string, string>; verified: boolean; displayName: string | null };

type Props = {
  index: number;
  itemCode: string;
  productName: string;
  specs: RequiredFieldSpec[];
  value: AccountState;
  serverErrors?: Record<string, string[] | undefined>;
  onChange: (next: AccountState) => void;
};

export function TopupAccount({ index, itemCode, productName, specs, value, serverErrors, onChange }: Props) {
  const [errors, setErrors] = useState<Record<string, string[] | undefined>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const shown = { ...serverErrors, ...errors };

  async function verify() {
    setMessage(null);
    const parsed = buildFieldsSchema(specs).safeParse(value.fields);
    if (!parsed.success) {
      setErrors(parsed.error.flatten().fieldErrors as Record<string, string[]>);
      return;
    }
    setErrors({});
    setBusy(true);
    const r = await verifyAccountAction({ itemCode, fields: value.fields }).catch(() => null);
    setBusy(false);
    if (!r) return setMessage("We could not verify the account right now. Please try again.");
    if (!r.ok) {
      setErrors(r.fieldErrors ?? {});
      return setMessage(r.message);
    }
    onChange({ ...value, verified: true, displayName: r.displayName });
  }

  // Enter in an account field means "check this account", never "pay": stop the implicit
  // form submission and run the check instead (ignored mid-IME-composition and while busy).
  function checkOnEnter(e: React.KeyboardEvent<HTMLInputElement>) {
    if (e.key !== "Enter" || e.nativeEvent.isComposing) return;
    e.preventDefault();
    if (!busy && hydrated) void verify();
  }

  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-4">
      <legend className="px-1 font-semibold">Account to credit: {productName}</legend>
      {specs.map((f) => {
        const id = `line-${index}-${f.key}`;
        return (
          <div key={f.key} className="mt-2">
            <label htmlFor={id} className="block text-sm font-medium">
              {f.label}
              {f.required ? " *" : ""}
            </label>
            <input
              id={id}
              name={f.key}
              required={f.required}
              maxLength={f.maxLength}
              autoComplete="off"
              value={value.fields[f.key] ?? ""}
              onChange={(e) => onChange({ fields: { ...value.fields, [f.key]: e.target.value }, verified: false, displayName: null })}
              onKeyDown={checkOnEnter}
              enterKeyHint="go"
              aria-invalid={shown[f.key] ? true : undefined}
              aria-describedby={`${id}-err`}
              className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
            />
            <p id={`${id}-err`} aria-live="polite" className="text-sm text-red-700">
              {shown[f.key]?.join(" ")}
            </p>
          </div>
        );
      })}
      <button type="button" onClick={verify} disabled={busy || !hydrated} className="mt-3 rounded-lg border border-brand-600 px-3 py-1.5 text-sm font-semibold text-brand-700 disabled:opacity-50">
        {busy ? "Checking…" : "Check account"}
      </button>
      <div aria-live="polite" className="mt-2 text-sm">
        {message ? <p className="text-red-700">{message}</p> : null}
        {value.verified && value.displayName ? (
          <p className="font-medium text-green-800" data-testid="account-name">
            Account: {value.displayName}
          </p>
        ) : null}
        {value.verified && !value.displayName ? (
          <p className="text-slate-700" data-testid="account-name">
            The account details were accepted, but the supplier cannot show the account name for this product. That does not mean
            they are wrong — please double-check them before paying.
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
