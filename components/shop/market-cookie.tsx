"use client";
// Remembers the market of the catalog page a shopper opened (docs/markets.md#urls), so "/" no
// longer chooses one for them. Set in the browser: a cached page never carries a Set-Cookie.
import { useEffect } from "react";
import { marketCookieString } from "@/lib/http/first-visit";

export function MarketCookie({ market }: { market: string }) {
  useEffect(() => {
    document.cookie = marketCookieString(market);
  }, [market]);
  return null;
}
