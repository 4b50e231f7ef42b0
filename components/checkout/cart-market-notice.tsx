"use client";
// Says once that the cart is now priced in the page's market, and moves the cart there (PUT
// /api/cart), so the next visit shows no notice (docs/markets.md#the-cart-belongs-to-one-market).
import { useEffect } from "react";

export function CartMarketNotice({ market, text }: { market: string; text: string }) {
  useEffect(() => {
    void fetch("/api/cart", {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ market }),
    })
      .then(() => window.dispatchEvent(new Event("cart-changed")))
      .catch(() => undefined);
  }, [market]);
  return (
    <p role="status" data-testid="cart-market-notice" className="mt-4 rounded-lg bg-amber-50 p-4 text-amber-900">
      {text}
    </p>
  );
}
