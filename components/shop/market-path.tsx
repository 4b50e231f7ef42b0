"use client";
// The market and URL prefix of the page a client component is on (docs/markets.md#urls), provided
// by the layouts: links keep the prefix, and the cart and checkout send the market.
import { createContext, useContext } from "react";
import { pathUnderPrefix } from "@/lib/markets/prefix-path";

type MarketPath = { market: string | null; prefix: string };

const MarketPathContext = createContext<MarketPath>({ market: null, prefix: "" });

export function MarketPathProvider({ market, prefix, children }: MarketPath & { children?: React.ReactNode }) {
  return <MarketPathContext.Provider value={{ market, prefix }}>{children}</MarketPathContext.Provider>;
}

/** The page's market slug (null outside a market's page) and `href(path)`: the path under its prefix. */
export function useMarketPath() {
  const { market, prefix } = useContext(MarketPathContext);
  return { market, prefix, href: (path: string) => pathUnderPrefix(prefix, path) };
}
