// What one client and one order may hold of this instance's live order streams
// (docs/going-live.md#per-client-limits). Streams are counted in this process's memory: a
// stream lives on one instance, and what it costs is that instance's. Past a cap the answer is
// 429 with Retry-After, and the order page polls the status API instead (use-live-order.ts).
import "server-only";
import { clientNetwork } from "@/lib/http/client-network";

export const streamCaps = {
  /** Open streams one client (address, lib/http/client-ip.ts) may hold on this instance. */
  perClient: 4,
  /** Open streams the addresses of one network (/24, /48) may hold together: four clients' worth, as every per-client limit. */
  perNetwork: 16,
  /** Open streams on one order, whoever holds them, on this instance. */
  perOrder: 8,
  /** Seconds a refused client is told to wait before asking for a stream again. */
  retryAfterS: 30,
} as const;

type Counts = { byClient: Map<string, number>; byNetwork: Map<string, number>; byOrder: Map<string, number> };
const globalForCaps = globalThis as unknown as { __shopStreamCounts?: Counts };

function counts(): Counts {
  return (globalForCaps.__shopStreamCounts ??= { byClient: new Map(), byNetwork: new Map(), byOrder: new Map() });
}

function bump(map: Map<string, number>, key: string, by: number): void {
  const n = (map.get(key) ?? 0) + by;
  if (n > 0) map.set(key, n);
  else map.delete(key);
}

/**
 * Takes a stream slot for `client` on the order `token`, or null when a cap is reached (the
 * client's, its network's, the order's). An exempt client (RATE_LIMIT_EXEMPT: monitoring, load
 * tests) is held only to the order's cap.
 * The returned release may be called any number of times; it frees the slot once.
 */
export function claimStreamSlot(client: string, token: string, opts: { exempt?: boolean } = {}): (() => void) | null {
  const { byClient, byNetwork, byOrder } = counts();
  const network = opts.exempt ? null : clientNetwork(client);
  if ((byOrder.get(token) ?? 0) >= streamCaps.perOrder) return null;
  if (!opts.exempt && (byClient.get(client) ?? 0) >= streamCaps.perClient) return null;
  if (network && (byNetwork.get(network) ?? 0) >= streamCaps.perNetwork) return null;
  bump(byOrder, token, 1);
  if (!opts.exempt) bump(byClient, client, 1);
  if (network) bump(byNetwork, network, 1);
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    bump(byOrder, token, -1);
    if (!opts.exempt) bump(byClient, client, -1);
    if (network) bump(byNetwork, network, -1);
  };
}

/** Streams open on this instance (for tests and the health of the feed). */
export function openStreamCount(): number {
  let n = 0;
  for (const v of counts().byOrder.values()) n += v;
  return n;
}
