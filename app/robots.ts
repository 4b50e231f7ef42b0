// robots.txt: everything may be crawled but the shopper's own pages and the admin; the sitemap
// lists every market's catalog pages (docs/markets.md#urls).
import type { MetadataRoute } from "next";
import { connection } from "next/server";
import { env } from "@/lib/env";

// Written per request: the sitemap's origin is the running server's APP_URL, not the build's.
export default async function robots(): Promise<MetadataRoute.Robots> {
  await connection();
  const base = (env.APP_URL ?? "").replace(/\/$/, "");
  return {
    rules: { userAgent: "*", disallow: ["/admin", "/account", "/cart", "/checkout", "/orders", "/api/"] },
    sitemap: `${base}/sitemap.xml`,
  };
}
