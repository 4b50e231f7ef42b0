// A request path whose percent-encoding does not decode ("%ZZ", a cut-off "%E0%A4%A", bytes that
// are not UTF-8) names no page, API or file: Next would fail on it while matching a dynamic
// route and answer 500. Nor does one that decodes to a NUL byte ("%00"), in the path or in a
// page's query: PostgreSQL text cannot hold one, so the slug or search lookup would fail with a
// 500. proxy.ts answers both here, before routing, with 400 and one log line.
import "server-only";
import { log } from "@/lib/log";

/** Whether `pathname` (as sent, still encoded) fails to decode, or decodes to a NUL byte. */
export function hasMalformedEncoding(pathname: string): boolean {
  try {
    return decodeURIComponent(pathname).includes("\u0000");
  } catch {
    return true;
  }
}

/** Whether a query string ("?q=…", as sent) names or holds a NUL byte. */
export function queryHoldsNul(search: string): boolean {
  for (const [key, value] of new URLSearchParams(search)) if (`${key}${value}`.includes("\u0000")) return true;
  return false;
}

/** The 400 for a malformed path; the log names only the path's first segment (a token may follow it). */
export function refuseMalformedPath(method: string, pathname: string): Response {
  const area = `/${pathname.split("/")[1] ?? ""}`.slice(0, 40);
  log.warn({ method, area }, "request: a path with malformed percent-encoding was refused (400)");
  return new Response("Bad request: the address is not valid.", {
    status: 400,
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
}
