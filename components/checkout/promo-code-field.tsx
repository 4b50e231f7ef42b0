"use client";
// The promo code box of checkout: type a code and Apply (Enter applies, it never pays), see it
// applied with what it takes off, or why it cannot be used; Remove goes back to full price.
import { useLocale, useTranslations } from "next-intl";
import { useId, useRef, useState } from "react";
import { formatMoney } from "@/components/shop/format-money";
import { useTypedBeforeHydration } from "@/components/ui/use-typed-before-hydration";

type Applied = { code: string; description: string; discount: string } | null;

type Props = {
  applied: Applied;
  currency: string;
  error: string | null;
  pending: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
};

export function PromoCodeField({ applied, currency, error, pending, onApply, onRemove }: Props) {
  const t = useTranslations("checkout");
  const locale = useLocale();
  const [code, setCode] = useState("");
  const box = useRef<HTMLElement>(null);
  // The field's own ids: a page Next keeps hidden after a navigation may hold the same field.
  const uid = useId();
  const codeId = `${uid}promo-code`;
  // A code typed before the page hydrated is kept.
  useTypedBeforeHydration(box, (typed) => {
    const typedCode = typed.get(codeId);
    if (typedCode !== undefined) setCode(typedCode);
  });
  const apply = () => {
    if (code.trim()) onApply(code);
  };
  return (
    <section
      ref={box}
      aria-labelledby={`${uid}promo-heading`}
      className="rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id={`${uid}promo-heading`} className="text-lg font-semibold">
        {t("promoHeading")}
      </h2>
      {applied ? (
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <p data-testid="promo-applied">
            <span className="font-mono font-semibold">{applied.code}</span> {t("promoApplied")}
            {applied.description ? ` (${applied.description})` : ""}: −{formatMoney(applied.discount, currency, locale)}
          </p>
          <button
            type="button"
            onClick={onRemove}
            disabled={pending}
            className="rounded-lg px-3 py-1.5 text-sm font-semibold text-brand-700 underline underline-offset-2 disabled:opacity-50"
          >
            {t("removeCode")}
          </button>
        </div>
      ) : (
        <div className="mt-2">
          <label htmlFor={codeId} className="block text-sm font-medium">
            {t("haveCode")}
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id={codeId}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              onKeyDown={(e) => {
                // Enter applies the code; it must never submit the checkout (that would pay).
                if (e.key === "Enter") {
                  e.preventDefault();
                  apply();
                }
              }}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${codeId}-err`}
              className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 uppercase"
            />
            <button
              type="button"
              onClick={apply}
              disabled={pending || !code.trim()}
              className="rounded-lg border border-brand-600 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-50"
            >
              {pending ? t("checking") : t("apply")}
            </button>
          </div>
        </div>
      )}
      <p id={`${codeId}-err`} aria-live="polite" className="mt-1 text-sm text-red-700" data-testid="promo-error">
        {error}
      </p>
    </section>
  );
}
