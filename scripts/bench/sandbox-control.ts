// The sandbox server's control surface (lib/sandbox/README.md), as the bench phases call it:
// counters, faults and the upstream's own order list, over loopback with the bench's API key.
import { benchApiKey } from "./env";

export type SandboxStats = { requests: number; rateLimited: number; byRoute: Record<string, number> };

/** POSTs `body` to /sandbox/control/<action>; returns the envelope's `data`, throws on a non-2xx. */
export async function sandboxControl<T>(sandboxUrl: string, action: string, body: unknown = {}): Promise<T> {
  const res = await fetch(`${sandboxUrl}/sandbox/control/${action}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-API-Key": benchApiKey },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const json = (await res.json()) as { message?: string; data: T };
  if (!res.ok) throw new Error(`sandbox control ${action}: ${res.status} ${json.message ?? ""}`.trim());
  return json.data;
}

/** The sandbox's request counters since it started: every /v1 call, the 429s, and calls by route. */
export const sandboxStats = (sandboxUrl: string) => sandboxControl<SandboxStats>(sandboxUrl, "stats");
