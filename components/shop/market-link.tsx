"use client";
// next/link whose shop path keeps the page's market prefix (docs/markets.md#urls), for server and
// client components alike: "/p/X" on an Indonesian page opens "/id/p/X".
import Link from "next/link";
import type { ComponentProps } from "react";
import { useMarketPath } from "./market-path";

export function MarketLink({ href, ...props }: Omit<ComponentProps<typeof Link>, "href"> & { href: string }) {
  const { href: under } = useMarketPath();
  return <Link href={under(href)} {...props} />;
}
