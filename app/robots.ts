// robots.txt: everything may be crawled but the shopper's own pages and the admin; the sitemap
// lists every market's catalog pages (docs/markets.md#urls).
import type { MetadataRoute } from "next";
import { env } from "@/lib/env";

export const dynamic = "force-dynamic";

export default function robots(): MetadataRoute.Robots {
  const base = (env.APP_URL ?? "").replace(/\/$/, "");
  return {
    rules: { userAgent: "*", disallow: ["/admin", "/account", "/cart", "/checkout", "/orders", "/api/"] },
    sitemap: `${base}/sitemap.xml`,
  };
}
