// A request path whose percent-encoding does not decode ("%ZZ", a cut-off "%E0%A4%A", bytes that
// are not UTF-8) names no page, API or file: Next would fail on it while matching a dynamic
// route and answer 500. proxy.ts answers it here, before routing, with 400 and one log line.
import "server-only";
import { log } from "@/lib/log";

/** Whether `pathname` (as sent, still encoded) fails to decode. */
export function hasMalformedEncoding(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
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
