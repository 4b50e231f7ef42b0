"use client";
// One direct top-up account form, generated from required_fields and validated with the same
// zod schema as the server, then checked upstream (validate-fields) to show the account name.
// Used first on a top-up's family page and again at checkout; the check is passed in (`verify`).
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import type { RequiredFieldSpec } from "@/lib/orders/quote/topup-fields";
import { useHydrated } from "@/components/ui/use-hydrated";
import { useShopperText } from "@/components/ui/use-shopper-text";
import { useTypedBeforeHydration } from "@/components/ui/use-typed-before-hydration";
import { fieldErrorsOf } from "@/lib/errors";

export type AccountState = {
  fields: Record<string, string>;
  verified: boolean;
  displayName: string | null;
  /** The server's signed word that it checked these fields (sent back with the order). */
  proof?: string | null;
};
export type VerifyResult =
  | { ok: true; displayName: string | null; proof?: string | null }
  | { ok: false; message: string; fieldErrors?: Record<string, string[]> };
export type VerifyAccount = (input: { itemCode: string; fields: Record<string, string> }) => Promise<VerifyResult>;

type Props = {
  idPrefix: string;
  heading: string;
  itemCode: string;
  specs: RequiredFieldSpec[];
  value: AccountState;
  verify: VerifyAccount;
  serverErrors?: Record<string, string[] | undefined>;
  onChange: (next: AccountState) => void;
  children?: React.ReactNode;
};

// The fields' schema (zod, about 31 KiB compressed) is fetched once the page has hydrated, not
// with the scripts the page waits for: only a check needs it (docs/storefront.md#speed-on-phones).
// A failed fetch is forgotten, so the next check tries again.
let fieldsSchema: Promise<typeof import("@/lib/orders/quote/topup-fields")> | null = null;
const loadFieldsSchema = () =>
  (fieldsSchema ??= import("@/lib/orders/quote/topup-fields").catch((error: unknown) => {
    fieldsSchema = null;
    throw error;
  }));

export function TopupAccount({
  idPrefix,
  heading,
  itemCode,
  specs,
  value,
  verify,
  serverErrors,
  onChange,
  children,
}: Props) {
  const [errors, setErrors] = useState<Record<string, string[] | undefined>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const t = useTranslations("account");
  const say = useShopperText();
  const shown = { ...serverErrors, ...errors };
  const box = useRef<HTMLFieldSetElement>(null);
  // Each form's own ids: a page Next keeps hidden after a navigation may hold the same form.
  const uid = useId();
  const fieldId = (key: string) => `${uid}${idPrefix}-${key}`;
  // An ID typed before the page hydrated is the one checked once it has.
  useTypedBeforeHydration(box, (typed) => {
    const fields = { ...value.fields };
    for (const f of specs) {
      const typedValue = typed.get(fieldId(f.key));
      if (typedValue !== undefined) fields[f.key] = typedValue;
    }
    onChange({ fields, verified: false, displayName: null });
  });

  useEffect(() => {
    loadFieldsSchema().catch(() => undefined);
  }, []);

  async function check(fields = value.fields) {
    setMessage(null);
    const schema = await loadFieldsSchema().catch(() => null);
    if (!schema) return setMessage(t("verifyFailed"));
    const parsed = schema.buildFieldsSchema(specs).safeParse(fields);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    const r = await verify({ itemCode, fields }).catch(() => null);
    setBusy(false);
    if (!r) return setMessage(t("verifyFailed"));
    if (!r.ok) {
      const fieldErrors = r.fieldErrors ?? {};
      setErrors(fieldErrors);
      // One red message per problem: a field's own message says it all; the summary only
      // appears when no field carries the error.
      return setMessage(Object.values(fieldErrors).some((v) => v && v.length > 0) ? null : r.message);
    }
    onChange({ fields, verified: true, displayName: r.displayName, proof: r.proof ?? null });
  }

  // Enter in an account field means "check this account", never "pay": stop the implicit
  // form submission and run the check instead (ignored mid-IME-composition and while busy).
  function checkOnEnter(e: React.KeyboardEvent<HTMLInputElement>) {
    if (e.key !== "Enter" || e.nativeEvent.isComposing) return;
    e.preventDefault();
    if (!busy && hydrated) void check();
  }

  return (
    <fieldset ref={box} className="min-w-0 rounded-xl border border-slate-200 bg-white p-4">
      {/* float + w-full: a legend then wraps inside the box on narrow screens instead of overflowing it */}
      <legend className="float-start w-full break-words font-semibold [overflow-wrap:anywhere]">{heading}</legend>
      <div className="clear-start">
        {children}
        {specs.map((f) => {
          const id = fieldId(f.key);
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
                inputMode={f.type === "number" ? "numeric" : undefined}
                value={value.fields[f.key] ?? ""}
                onChange={(e) =>
                  onChange({ fields: { ...value.fields, [f.key]: e.target.value }, verified: false, displayName: null })
                }
                onKeyDown={checkOnEnter}
                enterKeyHint="go"
                aria-invalid={shown[f.key] ? true : undefined}
                aria-describedby={`${id}-err`}
                className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
              />
              <p id={`${id}-err`} aria-live="polite" className="text-sm text-red-700">
                {shown[f.key]?.map(say).join(" ")}
              </p>
            </div>
          );
        })}
        <button
          type="button"
          onClick={() => void check()}
          disabled={busy || !hydrated}
          className="mt-3 rounded-lg border border-brand-600 px-3 py-1.5 text-sm font-semibold text-brand-700 disabled:opacity-50"
        >
          {busy ? t("checking") : t("check")}
        </button>
        <div aria-live="polite" className="mt-2 text-sm">
          {message ? <p className="text-red-700">{say(message)}</p> : null}
          {value.verified && value.displayName ? (
            <p className="font-medium text-green-800" data-testid="account-name">
              {t("accountName", { name: value.displayName })}
            </p>
          ) : null}
          {value.verified && !value.displayName ? (
            <p className="text-slate-700" data-testid="account-name">
              {t("noName")}
            </p>
          ) : null}
        </div>
      </div>
    </fieldset>
  );
}
