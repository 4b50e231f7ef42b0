// The TEST MODE card form: clearly marked, with the documented test card numbers.
import { useTranslations } from "next-intl";
import { useId, useRef } from "react";
import { useShopperText } from "@/components/ui/use-shopper-text";
import { useTypedBeforeHydration } from "@/components/ui/use-typed-before-hydration";
export type CardState = { number: string; expiry: string; cvc: string };

type Props = { value: CardState; errors: Record<string, string[] | undefined>; onChange: (next: CardState) => void };

export function CardFields({ value, errors, onChange }: Props) {
  const t = useTranslations("checkout");
  const say = useShopperText();
  const box = useRef<HTMLFieldSetElement>(null);
  // The form's own ids: a page Next keeps hidden after a navigation may hold the same form.
  const uid = useId();
  const fieldId = (key: keyof CardState) => `${uid}card-${key}`;
  // A card typed before the page hydrated is the one used.
  useTypedBeforeHydration(box, (typed) =>
    onChange({
      number: typed.get(fieldId("number")) ?? value.number,
      expiry: typed.get(fieldId("expiry")) ?? value.expiry,
      cvc: typed.get(fieldId("cvc")) ?? value.cvc,
    }),
  );
  const field = (key: keyof CardState, label: string, props: React.InputHTMLAttributes<HTMLInputElement>) => (
    <div>
      <label htmlFor={fieldId(key)} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={fieldId(key)}
        value={value[key]}
        onChange={(e) => onChange({ ...value, [key]: e.target.value })}
        aria-invalid={errors[`card.${key}`] ? true : undefined}
        aria-describedby={`${fieldId(key)}-err`}
        className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
        {...props}
      />
      <p id={`${fieldId(key)}-err`} aria-live="polite" className="text-sm text-red-700">
        {errors[`card.${key}`]?.map(say).join(" ")}
      </p>
    </div>
  );
  return (
    <fieldset ref={box} className="rounded-xl border-2 border-dashed border-amber-500 bg-amber-50 p-4">
      <legend className="rounded bg-amber-800 px-2 py-0.5 text-sm font-bold uppercase tracking-wide text-white">
        {t("testMode")}
      </legend>
      <p className="text-sm text-amber-900">
        {t.rich("testCards", { strong: (chunks) => <strong dir="ltr">{chunks}</strong> })}
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-[2fr_1fr_1fr]">
        {field("number", t("cardNumber"), {
          inputMode: "numeric",
          autoComplete: "cc-number",
          placeholder: "4242 4242 4242 4242",
          maxLength: 23,
        })}
        {field("expiry", t("expiry"), { autoComplete: "cc-exp", placeholder: "12/30", maxLength: 7 })}
        {field("cvc", t("cvc"), { inputMode: "numeric", autoComplete: "cc-csc", placeholder: "123", maxLength: 4 })}
      </div>
    </fieldset>
  );
}
