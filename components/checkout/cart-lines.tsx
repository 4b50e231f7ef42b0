"use client";
// Cart lines with bounded quantity inputs and remove buttons (PATCH /api/cart, then refresh).
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { formatMoney } from "@/components/shop/format-money";
import { clampQuantity } from "@/lib/orders/cart/quantity";

export type CartLineView = {
  itemCode: string;
  productName: string;
  quantity: number;
  minQuantity: number;
  maxQuantity: number;
  unitPrice: string;
  lineTotal: string;
  currency: string;
};

export function CartLines({ lines }: { lines: CartLineView[] }) {
  const router = useRouter();
  const t = useTranslations("cart");
  const tCheckout = useTranslations("checkout");
  const locale = useLocale();
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [, startTransition] = useTransition();

  async function setQuantity(itemCode: string, quantity: number) {
    setBusy(itemCode);
    const res = await fetch("/api/cart", {
      method: "PATCH",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ itemCode, quantity }),
    }).catch(() => null);
    setMessage(res?.ok ? null : t("updateFailed"));
    window.dispatchEvent(new Event("cart-changed"));
    startTransition(() => router.refresh());
    setBusy(null);
  }

  return (
    <>
      <ul className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {lines.map((l) => (
          <li
            key={l.itemCode}
            className="flex flex-wrap items-center gap-x-4 gap-y-2 p-4"
            aria-busy={busy === l.itemCode || undefined}
          >
            <div className="min-w-40 flex-1">
              <p className="font-medium">{l.productName}</p>
              <p className="text-sm text-slate-600">
                {tCheckout("each", { price: formatMoney(l.unitPrice, l.currency, locale) })}
              </p>
            </div>
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <span aria-hidden="true">{t("qty")}</span>
              <span className="sr-only">{t("quantityOf", { product: l.productName })}</span>
              <input
                key={l.quantity}
                type="number"
                inputMode="numeric"
                min={l.minQuantity}
                max={l.maxQuantity}
                defaultValue={l.quantity}
                disabled={busy === l.itemCode}
                onKeyDown={(e) => {
                  if (e.key === "Enter") e.currentTarget.blur();
                }}
                onBlur={(e) => {
                  const q = clampQuantity(Number(e.target.value), { min: l.minQuantity, max: l.maxQuantity });
                  e.target.value = String(q);
                  if (q !== l.quantity) void setQuantity(l.itemCode, q);
                }}
                className="w-20 rounded-lg border border-slate-300 px-2 py-1 text-base text-slate-900 disabled:opacity-60"
              />
            </label>
            <span className="w-24 text-end font-semibold tabular-nums">
              {formatMoney(l.lineTotal, l.currency, locale)}
            </span>
            <button
              type="button"
              disabled={busy === l.itemCode}
              onClick={() => setQuantity(l.itemCode, 0)}
              className="rounded-md px-2 py-1 text-sm text-red-700 underline hover:bg-red-50 disabled:opacity-60"
              aria-label={t("removeLabel", { product: l.productName })}
            >
              {t("remove")}
            </button>
          </li>
        ))}
      </ul>
      <p aria-live="polite" className="text-sm text-red-700">
        {message}
      </p>
    </>
  );
}
