// The callbackUrl next-auth is handed. next-auth 4 checks a callbackUrl query value and its
// callback-url cookie before anything else, and answers one it cannot parse as a URL
// ("http://127.0.0.1:3451.evil.example/": a port that is not a number) with a 500 and a stack
// trace in the log. Here a query value off this shop becomes "/" (next-auth then redirects on
// the shop), and a cookie next-auth would refuse is cleared with a 400; each logs one line.
import "server-only";
import { NextRequest } from "next/server";
import { safeRedirectPath } from "@/lib/http/safe-redirect";
import { log } from "@/lib/log";

const callbackCookies = ["next-auth.callback-url", "__Secure-next-auth.callback-url"];

/** next-auth's own test of a callback URL (core/lib/assert.js): an http(s) URL, or a path on `origin`. */
function nextAuthAccepts(value: string, origin: string): boolean {
  try {
    return /^https?:$/.test(new URL(value, value.startsWith("/") ? origin : undefined).protocol);
  } catch {
    return false;
  }
}

/** The request next-auth may see (the callbackUrl query value a same-site path), or the answer given instead. */
export function guardCallbackUrl(
  request: NextRequest,
  origin: string,
): { request: NextRequest } | { response: Response } {
  const cookie = callbackCookies.find((name) => {
    const value = request.cookies.get(name)?.value;
    return value !== undefined && !nextAuthAccepts(value, origin);
  });
  if (cookie) {
    log.warn({ cookie }, "auth: a callback-url cookie next-auth cannot read was cleared (400)");
    const response = new Response("Bad request.", { status: 400, headers: { "content-type": "text/plain" } });
    response.headers.append("set-cookie", `${cookie}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
    return { response };
  }
  const given = request.nextUrl.searchParams.get("callbackUrl");
  if (given === null) return { request };
  const safe = safeRedirectPath(given, origin, "");
  if (safe === given) return { request };
  if (safe === "") log.warn("auth: a callbackUrl off this shop was replaced by /");
  if (request.method !== "GET") {
    return { response: new Response("Bad request.", { status: 400, headers: { "content-type": "text/plain" } }) };
  }
  const url = new URL(request.url);
  url.searchParams.set("callbackUrl", safe || "/");
  return { request: new NextRequest(url, { method: "GET", headers: request.headers }) };
}
