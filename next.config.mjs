import { fileURLToPath } from "node:url";
import createNextIntlPlugin from "next-intl/plugin";

const isDev = process.env.NODE_ENV !== "production";

// Security headers for every response. Pages get their Content-Security-Policy from proxy.ts (a
// fresh script nonce per request, lib/http/csp.ts) or, cached catalog pages, from the page cache
// (lib/http/page-cache); this fixed policy covers the rest (API answers, the sandbox, images,
// files), where nothing may run at all.
const contentSecurityPolicy = [
  "default-src 'none'",
  "img-src 'self'",
  "style-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");

const notPages = [
  "/api/:path*",
  "/sandbox/:path*",
  "/img/:path*",
  "/_next/:path*",
  "/favicon.svg",
  "/placeholder-card.svg",
];

const securityHeaders = [
  { key: "X-Frame-Options", value: "DENY" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(self)" },
  ...(isDev ? [] : [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" }]),
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // proxy.ts sees the URL as received, on the host the server was started on: its rewrites keep
  // that origin, which Next serves in-process. With Next's normalised URL (127.0.0.1 read as
  // "localhost") a server started on 127.0.0.1 fetched every rewritten page from itself over HTTP
  // (docs/deployment.md#one-origin-for-rewrites).
  skipProxyUrlNormalize: true,
  // End-to-end runs build into their own folder so they never clash with a dev server.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // A self-contained server in <distDir>/standalone (server.js and only the node_modules it
  // traces); scripts/standalone-assets.mjs adds static files and public/ (docs/deployment.md).
  output: "standalone",
  // Replicas of one release must agree on it (Next uses it to tell a client built for another
  // release to reload); unset: Next's own per-build id (docs/deployment.md#replicas-and-secrets).
  deploymentId: process.env.NEXT_DEPLOYMENT_ID || undefined,
  // Next's rendering model: every page is prerendered as far as it reads nothing per request, and
  // "use cache" marks the catalog reads (lib/catalog/cache), tagged with what they show. Catalog
  // pages read only their path and cached reads, so each is rendered whole on its first request
  // and kept; the per-request root waits for the request before rendering anything
  // (docs/storefront.md#the-rendering-model).
  cacheComponents: true,
  // Prefetches and first visits as before: a catalog page never seen is rendered whole for its
  // first request (then kept), not answered with a shell whose content streams in after it.
  partialPrefetching: false,
  // Crawlers and Lighthouse are served as shoppers are. Next renders a page afresh for each user
  // agent in its list of "HTML-limited" bots (Lighthouse and the search engines among them),
  // bypassing the page cache, so that metadata a prerendered shell would stream after its <head>
  // is inside it. No page here has such a shell: a catalog page is rendered whole and kept, a
  // per-request page waits for its request before anything is sent. With the list, a crawler's
  // catalog page was rendered for it and sent without the hash policy stored with the cached one.
  htmlLimitedBots: /(?!)/,
  experimental: {
    // Unmatched URLs get app/global-not-found.tsx: the app has two root layouts, neither above every route.
    globalNotFound: true,
    // forbidden() from next/navigation: admin pages answer a role without access with a 403 page.
    authInterrupts: true,
    // Server actions post to pages, which pass through proxy.ts: buffer no more than an action
    // may carry (1 MB, serverActions.bodySizeLimit's default) instead of the proxy's 10 MB.
    proxyClientMaxBodySize: "1mb",
    // The stylesheet inlined into each page's <head> (production builds): a phone paints without
    // waiting for a second request (docs/storefront.md#speed-on-phones). Both page policies allow
    // inline styles; neither allows inline scripts but by nonce or hash.
    inlineCss: true,
  },
  // Catalog pages every visitor shares (app/(catalog)) are rendered once and kept in the page
  // cache until a catalog change touches them; every other page is rendered per request with its
  // CSP nonce (docs/storefront.md#cached-catalog-pages).
  cacheHandler: fileURLToPath(new URL("./lib/http/page-cache/page-handler.cjs", import.meta.url)),
  cacheHandlers: { default: fileURLToPath(new URL("./lib/http/page-cache/data-handler.cjs", import.meta.url)) },
  // Every "use cache" entry here is a catalog or market read, dropped by tag when a change touches
  // what it shows or the clock passes a moment at which it shows something else (an offer's end,
  // a rate's age limit: lib/catalog/cache/time-boundaries.ts), so it is never stale by content.
  // A page takes the shortest revalidation of the reads it makes: a day here is only a safety net
  // for a clock-dependent input no boundary names yet (docs/storefront.md#what-drops-a-cached-page).
  cacheLife: { default: { stale: 60, revalidate: 86_400, expire: 604_800 } },
  serverExternalPackages: [
    "better-sqlite3",
    "@prisma/adapter-better-sqlite3",
    "@prisma/client",
    "prisma-client-pg",
    "@prisma/adapter-pg",
    "pg",
    "nodemailer",
    "pino",
    "pino-pretty",
    "thread-stream",
    "prom-client",
  ],
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      ...notPages.map((source) => ({
        source,
        headers: [{ key: "Content-Security-Policy", value: contentSecurityPolicy }],
      })),
    ];
  },
};

// next-intl reads each render's language and messages from i18n/request.ts (docs/markets.md#languages).
const withNextIntl = createNextIntlPlugin("./i18n/request.ts");

export default withNextIntl(nextConfig);
