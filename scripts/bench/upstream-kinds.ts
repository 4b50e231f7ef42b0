// Upstream calls by kind, from the sandbox's per-route counters: live checks, purchases, reads
// and polls of orders, top-up account checks, catalog pages and balance reads. The quote window
// shows in "check" (a fresh quote proof spares checkout its own check).
export const callKinds = ["check", "purchase", "read/poll", "account check", "catalog", "balance", "other"] as const;
export type CallKind = (typeof callKinds)[number];

const kindOfRoute: Record<string, CallKind> = {
  "POST /orders/check": "check",
  "POST /orders": "purchase",
  "GET /orders/{id}": "read/poll",
  "GET /orders": "read/poll",
  "POST /orders/validate-fields": "account check",
  "GET /catalog": "catalog",
  "GET /catalog/{category}": "catalog",
  "GET /balance": "balance",
};

/** Calls made between two readings of the counters (route → count), by kind. */
export function callsByKind(before: Record<string, number>, after: Record<string, number>): Record<CallKind, number> {
  const out = Object.fromEntries(callKinds.map((k) => [k, 0])) as Record<CallKind, number>;
  for (const [route, count] of Object.entries(after))
    out[kindOfRoute[route] ?? "other"] += count - (before[route] ?? 0);
  return out;
}
