// The sandbox server's control surface (lib/sandbox/README.md), as the bench phases call it:
// counters, faults and the upstream's own order list, over loopback with the bench's API key.
// A supplier other than main is reached at /sandbox/<name>/control with its own key
// (docs/suppliers.md#sandbox).
import { benchApiKey } from "./env";

export type SandboxStats = { requests: number; rateLimited: number; byRoute: Record<string, number> };

/** The sandbox key of `supplier`: main's is the bench's key, another's is `<key>_<name>`. */
export const sandboxKeyOf = (supplier = "main") => (supplier === "main" ? benchApiKey : `${benchApiKey}_${supplier}`);

/** POSTs `body` to `supplier`'s /control/<action>; returns the envelope's `data`, throws on a non-2xx. */
export async function sandboxControl<T>(
  sandboxUrl: string,
  action: string,
  body: unknown = {},
  supplier = "main",
): Promise<T> {
  const base = supplier === "main" ? `${sandboxUrl}/sandbox` : `${sandboxUrl}/sandbox/${supplier}`;
  const res = await fetch(`${base}/control/${action}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-API-Key": sandboxKeyOf(supplier) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const json = (await res.json()) as { message?: string; data: T };
  if (!res.ok) throw new Error(`sandbox control ${action}: ${res.status} ${json.message ?? ""}`.trim());
  return json.data;
}

/** A sandbox supplier's request counters since it started: every /v1 call, the 429s, and calls by route. */
export const sandboxStats = (sandboxUrl: string, supplier = "main") =>
  sandboxControl<SandboxStats>(sandboxUrl, "stats", {}, supplier);
