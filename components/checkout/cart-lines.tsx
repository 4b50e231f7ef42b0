"use client";
// Cart lines with bounded quantity inputs and remove buttons (PATCH /api/cart, then refresh).
import { useRouter } from "next/navigation";
import { useState } from "react";
import { formatMoney } from "@/components/shop/format-money";

export type CartLineView = { itemCode: string; productName: string; quantity: number; minQuantity: number; maxQuantity: number; unitPrice: string; lineTotal: string; currency: string };

export function CartLines({ lines }: { lines: CartLineView[] }) {
  const router = useRouter();
  const [message, setMessage] = useState<string | null>(null);

  async function setQuantity(itemCode: string, quantity: number) {
    const res = await fetch("/api/cart", { method: "PATCH", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ itemCode, quantity }) });
    setMessage(res.ok ? null : "Could not update your cart.");
    window.dispatchEvent(new Event("cart-changed"));
    router.refresh();
  }

  return (
    <>
      <ul className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {lines.map((l) => (
          <li key={l.itemCode} className="flex flex-wrap items-center gap-3 p-4">
            <span className="flex-1 font-medium">{l.productName}</span>
            <label className="text-sm">
              <span className="sr-only">Quantity of {l.productName}</span>
              <input
                type="number"
                min={l.minQuantity}
                max={l.maxQuantity}
                defaultValue={l.quantity}
                onBlur={(e) => {
                  const q = Math.min(l.maxQuantity, Math.max(l.minQuantity, Math.trunc(Number(e.target.value)) || l.minQuantity));
                  if (q !== l.quantity) void setQuantity(l.itemCode, q);
                }}
                className="w-20 rounded-lg border border-slate-300 px-2 py-1"
              />
            </label>
            <span className="w-24 text-right">{formatMoney(l.lineTotal, l.currency)}</span>
            <button type="button" onClick={() => setQuantity(l.itemCode, 0)} className="text-sm text-red-700 underline">
              Remove
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
