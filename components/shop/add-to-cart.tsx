"use client";
// The product page's buy control: a bounded quantity, "Add to cart" (cookie cart via
// /api/cart) and "Buy now" (straight to checkout with just this item).
import { useTranslations } from "next-intl";
import { useId, useRef, useState } from "react";
import { clampQuantity, quantityBounds } from "@/lib/orders/cart/quantity";
import { useHydrated } from "@/components/ui/use-hydrated";
import { useTypedBeforeHydration } from "@/components/ui/use-typed-before-hydration";
import { FullPageLink, openFullPage } from "./full-page-link";
import { useMarketPath } from "./market-path";

export type AddToCartProps = {
  itemCode: string;
  productName: string;
  minQuantity: number;
  maxQuantity: number;
  productType: string;
  available: boolean;
};

export function AddToCart({ itemCode, productName, minQuantity, maxQuantity, available }: AddToCartProps) {
  // Both buttons work only with JavaScript: disabled until hydrated, so an early click is not lost.
  const hydrated = useHydrated();
  const t = useTranslations("product");
  // The cart belongs to the market of this page; its links stay in it (docs/markets.md#urls).
  const { market, href } = useMarketPath();
  const bounds = quantityBounds({ minQuantity, maxQuantity });
  const { min, max } = bounds;
  const [quantity, setQuantity] = useState(min);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const qty = clampQuantity(quantity, bounds);
  const quantityId = useId();
  const box = useRef<HTMLDivElement>(null);
  // A quantity typed before the page hydrated is the one bought.
  useTypedBeforeHydration(box, (typed) => {
    const typedQuantity = typed.get(quantityId);
    if (typedQuantity !== undefined) setQuantity(Number(typedQuantity));
  });

  async function add() {
    setBusy(true);
    setMessage(null);
    try {
      const res = await fetch("/api/cart", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ itemCode, quantity: qty, ...(market ? { market } : {}) }),
      });
      const body = (await res.json()) as { ok: boolean; message?: string };
      setMessage(
        body.ok
          ? { ok: true, text: t("added", { quantity: qty, product: productName }) }
          : { ok: false, text: body.message ?? t("addFailed") },
      );
      if (body.ok) window.dispatchEvent(new Event("cart-changed"));
    } catch {
      setMessage({ ok: false, text: t("addFailedRetry") });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div ref={box} className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <label className="text-sm font-medium text-slate-700">
          {t("quantity")}
          <input
            id={quantityId}
            type="number"
            inputMode="numeric"
            min={min}
            max={max}
            value={quantity}
            onChange={(e) => setQuantity(Number(e.target.value))}
            className="mt-1 block w-24 rounded-lg border border-slate-300 px-3 py-2"
            aria-describedby="qty-help"
          />
        </label>
        <button
          type="button"
          disabled={!hydrated || !available || busy}
          onClick={add}
          className="rounded-lg border border-brand-600 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-50"
        >
          {busy ? t("adding") : t("addToCart")}
        </button>
        <button
          type="button"
          disabled={!hydrated || !available}
          onClick={() => openFullPage(href(`/checkout?item=${encodeURIComponent(itemCode)}&qty=${qty}`))}
          className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
        >
          {t("buyNow")}
        </button>
      </div>
      <p id="qty-help" className="text-xs text-slate-500">
        {min === max ? t("quantityFixed", { min }) : t("quantityRange", { min, max })}
      </p>
      <p aria-live="polite" className={`text-sm ${message?.ok === false ? "text-red-700" : "text-slate-700"}`}>
        {message?.text}
        {message?.ok ? (
          <>
            {" "}
            <FullPageLink href={href("/cart")} className="font-semibold text-brand-700 underline">
              {t("viewCart")}
            </FullPageLink>
          </>
        ) : null}
      </p>
    </div>
  );
}
