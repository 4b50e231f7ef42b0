// The client of the current server action or page render (next/headers), for per-client limits.
import "server-only";
import { headers } from "next/headers";
import { clientIp } from "./client-ip";

let override: string | undefined;

/** Tests call actions directly, outside any request; this seam names their client. */
export function setRequestClientForTests(ip: string | undefined): void {
  override = ip;
}

/** The requesting client's address (lib/http/client-ip.ts); "unknown" outside a request. */
export async function requestClientIp(): Promise<string> {
  if (override !== undefined) return override;
  try {
    return clientIp(await headers());
  } catch {
    // Only outside a request (scripts, tests): every action and page render has one.
    return "unknown";
  }
}
