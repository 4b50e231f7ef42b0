import "server-only";
// Who may pull the sandbox's levers (reset, wallet, faults, catalog changes, webhook target):
// anyone in development and tests; in a production build only a client on this machine,
// so a deployed demo's control surface is closed to the Internet even to holders of the key.
import { getEnv, type Env } from "@/lib/env";
import { isLoopbackClient } from "@/lib/http/client-ip";

/** True when the control surface may answer this request. */
export function isControlAllowed(
  headers: Headers,
  env: Pick<Env, "NODE_ENV" | "TRUSTED_PROXY_HOPS"> = getEnv(),
): boolean {
  return env.NODE_ENV !== "production" || isLoopbackClient(headers, env.TRUSTED_PROXY_HOPS);
}
