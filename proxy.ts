// Runs before every page (not APIs, the sandbox or static files): gives the response a
// Content-Security-Policy with a fresh nonce, and hands the same policy to the render in the
// request so Next puts the nonce on its scripts (lib/http/csp.ts). A cached catalog page gets no
// nonce: its policy is stored with its cached HTML (lib/http/cached-pages.ts), and a policy a
// client sent in the request is removed so it never reaches a render that is cached. Every public
// URL names a market and language by its prefix (docs/markets.md#urls): a catalog page is
// rewritten to the internal path `/<market>/<lang>/…` that also carries its query
// (lib/http/catalog-rewrite.ts), so its HTML is shared; any other page loses the prefix and is
// told the market and language by two request headers, which a client can never send itself.
// It also sees every path that holds a "%", wherever it points, and answers one whose percent-encoding does not decode, or
// decodes to a NUL byte (in the path, or a page's query), with a 400 before Next or the database
// fails on it (lib/http/malformed-path.ts). A page that needs a sign-in, a staff role or a record
// is answered here first (a 307 to sign in, a 403, a 404: lib/http/page-access.ts); every loader
// and action still checks authorisation itself where data is read or changed.
import { NextResponse, type NextRequest } from "next/server";
import { routePage } from "@/lib/http/catalog-rewrite";
import { firstVisitRedirect, marketCookie, marketCookieOptions } from "@/lib/http/first-visit";
import { createNonce, pageContentSecurityPolicy } from "@/lib/http/csp";
import { hasMalformedEncoding, queryHoldsNul, refuseMalformedPath } from "@/lib/http/malformed-path";
import { localeHeader, marketHeader } from "@/lib/i18n/locales";
import { listUrlMarkets } from "@/lib/markets/url-markets";
import { getRequestSessionUser } from "@/lib/auth/guards";
import { log } from "@/lib/log";
import { decidePageAccess, guardedRouteOf, needsSession, type PageAccess } from "@/lib/http/page-access";

// Every rewrite and redirect below is built on `request.url`, the URL as this server received it
// (next.config.mjs `skipProxyUrlNormalize`): Next serves a rewrite in-process only when it keeps
// the server's own origin, and would otherwise fetch the page from itself over HTTP — which a
// server started on 127.0.0.1 did for every page while Next's normalised URL said "localhost"
// (docs/deployment.md#one-origin-for-rewrites). Should a rewritten request still come back through
// this proxy, it carries this process's own random mark, so that second pass lets it through as it
// is (`/us/en/p/X` is the internal path there, not a public prefix to redirect). No client can send
// the mark: it is never in a response and differs per process.
const rewriteMark = "x-shop-rewritten";
const thisProcess = crypto.randomUUID();

// A path no route matches, so Next renders app/global-not-found.tsx (404, never stored) in the
// language of the headers below.
const notFoundPath = "/_not-found";

// The paths that are not pages (the first matcher below leaves them out).
const notPages = /^\/(api\/|sandbox\/|_next\/static|_next\/image|favicon\.svg|placeholder-card\.svg)/;

export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (hasMalformedEncoding(pathname) || queryHoldsNul(search)) return refuseMalformedPath(request.method, pathname);
  if (notPages.test(pathname)) return NextResponse.next();
  if (request.headers.get(rewriteMark) === thisProcess) return NextResponse.next();
  const headers = new Headers(request.headers);
  headers.delete(rewriteMark);
  // Only this proxy says which market and language a page was reached by.
  headers.delete(marketHeader);
  headers.delete(localeHeader);
  const markets = await listUrlMarkets();
  const first = firstVisitRedirect(pathname, request.headers, request.cookies.get(marketCookie)?.value, markets);
  if (first) {
    return privateRedirect(new URL(first + search, request.url));
  }
  const route = routePage(pathname, request.nextUrl.searchParams, request.headers, markets);
  if (route.kind === "redirect") {
    const url = new URL(request.url);
    const [path, query = ""] = route.location.split("?");
    url.pathname = path;
    url.search = query;
    if (!route.remember) return NextResponse.redirect(url, 308);
    // A link into the default market (`/us`) opens it: "/" must not send the shopper back to the
    // market the cookie remembered, so the cookie is set here, on an answer never stored.
    const response = privateRedirect(url);
    response.cookies.set(marketCookie, route.remember, marketCookieOptions);
    return response;
  }
  if (route.kind === "catalog") {
    headers.delete("content-security-policy");
    headers.delete("content-security-policy-report-only");
    const url = new URL(request.url);
    url.pathname = route.internal;
    // The query is now in the path; the client router's own cache-busting parameter stays.
    const rsc = request.nextUrl.searchParams.get("_rsc");
    url.search = rsc === null ? "" : `?_rsc=${encodeURIComponent(rsc)}`;
    headers.set(rewriteMark, thisProcess);
    return NextResponse.rewrite(url, { request: { headers } });
  }
  // A page per request, or the not-found page (the shop's whole page in the market's language).
  const policy = pageContentSecurityPolicy(createNonce(), process.env.NODE_ENV === "development");
  const access = route.kind === "page" ? await pageAccess(request, route.path) : ({ kind: "open" } as const);
  if (access.kind === "redirect") {
    // In place of the page: the same headers as the page would have had.
    const response = privateRedirect(new URL(access.location, request.url));
    response.headers.set("content-security-policy", policy);
    return response;
  }
  const path = route.kind === "notFound" || access.kind === "notFound" ? notFoundPath : route.path;
  headers.set(marketHeader, route.market);
  headers.set(localeHeader, route.lang);
  headers.set("content-security-policy", policy);
  if (path !== pathname) headers.set(rewriteMark, thisProcess);
  // A role without access is answered 403 here; the page's own guard renders the refusal.
  const status = access.kind === "forbidden" ? 403 : undefined;
  const response =
    path === pathname
      ? NextResponse.next({ request: { headers }, status })
      : NextResponse.rewrite(new URL(path + (path === notFoundPath ? "" : search), request.url), {
          request: { headers },
          status,
        });
  response.headers.set("content-security-policy", policy);
  return response;
}

/** A 307 that depends on who asked (their cookie, their language, their session): never stored. */
function privateRedirect(url: URL): NextResponse {
  const response = NextResponse.redirect(url, 307);
  response.headers.set("cache-control", "private, no-store");
  return response;
}

/**
 * Who may open a page that needs a sign-in, a staff role or a record (lib/http/page-access.ts),
 * decided before it renders. Only page loads (GET and HEAD, prefetches and client navigations
 * included): a server action posts to its page and answers with its own guard.
 */
async function pageAccess(request: NextRequest, path: string): Promise<PageAccess> {
  if (request.method !== "GET" && request.method !== "HEAD") return { kind: "open" };
  // Next matches a page by its decoded path (`/%61dmin` is /admin), so the rule is found by it too;
  // its encoding was checked above.
  const decoded = decodeURIComponent(path).replace(/\/{2,}/g, "/");
  const guarded = guardedRouteOf(decoded);
  if (!guarded) return { kind: "open" };
  try {
    const user = needsSession(guarded.route) ? await getRequestSessionUser(request) : null;
    const query = new URLSearchParams(request.nextUrl.searchParams);
    query.delete("_rsc");
    const back = decoded + (query.size ? `?${query}` : "");
    return await decidePageAccess(guarded.route, user, back, guarded.segment);
  } catch (err) {
    // The database could not answer: the page's own guard runs, and fails into the shop's error page.
    log.error({ err, route: guarded.route }, "proxy: page access could not be decided; the page decides");
    return { kind: "open" };
  }
}

export const config = {
  matcher: [
    {
      // Pages only: API routes, the sandbox and files carry next.config.mjs's fixed policy, and
      // their bodies are never buffered for a proxy (lib/http/read-body.ts caps them itself).
      // Prefetches too: a prefetch of a cached page may render the entry every visitor is served.
      source: "/((?!api/|sandbox/|_next/static|_next/image|favicon.svg|placeholder-card.svg).*)",
    },
    // Any path with a "%" (Next matches the path as sent, still encoded): the malformed ones are
    // refused above; the others pass through untouched.
    { source: "/(.*%.*)" },
  ],
};
