"use client";
import { useTranslations } from "next-intl";
// A storefront page failed to render (e.g. the database is busy): say so and offer a retry.
export function ShopError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("error");
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center" role="alert">
      <h1 className="text-2xl font-bold text-slate-900">{t("title")}</h1>
      <p className="mt-3 text-slate-600">{t("body")}</p>
      <button
        type="button"
        onClick={reset}
        className="mt-6 rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
      >
        {t("retry")}
      </button>
    </div>
  );
}
