"use client";
// Header link to the cart with a live item count (read from the cart cookie; no request, no zod).
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { cartCookieNameForCount, countCartItems } from "./cart-count";
import { FullPageLink } from "./full-page-link";
import { useMarketPath } from "./market-path";

function readCount(): number {
  const raw = document.cookie.split("; ").find((c) => c.startsWith(`${cartCookieNameForCount}=`));
  return countCartItems(raw?.slice(cartCookieNameForCount.length + 1));
}

export function CartLink() {
  const t = useTranslations("header");
  const [count, setCount] = useState(0);
  const { href } = useMarketPath();
  useEffect(() => {
    const update = () => setCount(readCount());
    update();
    window.addEventListener("cart-changed", update);
    window.addEventListener("focus", update);
    return () => {
      window.removeEventListener("cart-changed", update);
      window.removeEventListener("focus", update);
    };
  }, []);
  return (
    <FullPageLink href={href("/cart")} className="rounded-md px-3 py-2 text-sm font-medium hover:bg-slate-100">
      {t("cart")}
      {count > 0 ? (
        <span className="ms-1 rounded-full bg-brand-600 px-2 py-0.5 text-xs text-white">{count}</span>
      ) : null}
      <span className="sr-only"> {t("items", { count })}</span>
    </FullPageLink>
  );
}
