// Live stock/price checks (POST /orders/check) reused for a few seconds, keyed by SKU and
// quantity: a shopper's cart page, checkout page and order placed seconds apart ask the
// upstream once, and a client repeating a quote cannot spend the shared budget with it.
// Concurrent identical checks share one call. Per process (an instance behind a balancer
// asks for itself); bounded in size, oldest first out.
import "server-only";
import type { StockCheck } from "@/lib/upstream/types";

/** How long a check answers for the same SKU and quantity in a quote. */
export const checkReuseMs = 5_000;
const maxEntries = 5_000;

type Entry = { check: StockCheck; atMs: number };
const globalForChecks = globalThis as unknown as {
  __shopStockChecks?: { done: Map<string, Entry>; inFlight: Map<string, Promise<StockCheck>> };
};
const store = (globalForChecks.__shopStockChecks ??= { done: new Map(), inFlight: new Map() });

const keyOf = (itemCode: string, quantity: number) => `${itemCode}\u0000${quantity}`;

/** A check for this SKU and quantity made at most `maxAgeMs` ago, or null. */
export function getCachedCheck(
  itemCode: string,
  quantity: number,
  maxAgeMs: number,
  nowMs: number = Date.now(),
): StockCheck | null {
  const entry = store.done.get(keyOf(itemCode, quantity));
  return entry && nowMs - entry.atMs <= maxAgeMs && entry.atMs <= nowMs ? entry.check : null;
}

/** Records a check's answer (errors are never cached: the next quote asks again). */
export function putCachedCheck(
  itemCode: string,
  quantity: number,
  check: StockCheck,
  nowMs: number = Date.now(),
): void {
  const key = keyOf(itemCode, quantity);
  store.done.delete(key);
  store.done.set(key, { check, atMs: nowMs });
  while (store.done.size > maxEntries) store.done.delete(store.done.keys().next().value!);
}

/**
 * The cached answer if fresh enough, else the answer of a call already running for the same
 * SKU and quantity, else `run()`'s (recorded for the next caller).
 */
export async function checkWithReuse(
  itemCode: string,
  quantity: number,
  run: () => Promise<StockCheck>,
  opts: { maxAgeMs?: number; now?: () => number } = {},
): Promise<StockCheck> {
  const now = opts.now ?? Date.now;
  const cached = getCachedCheck(itemCode, quantity, opts.maxAgeMs ?? checkReuseMs, now());
  if (cached) return cached;
  const key = keyOf(itemCode, quantity);
  const running = store.inFlight.get(key);
  if (running) return running;
  const call = run()
    .then((check) => (putCachedCheck(itemCode, quantity, check, now()), check))
    .finally(() => store.inFlight.delete(key));
  store.inFlight.set(key, call);
  return call;
}

/** Tests start from an empty cache. */
export function clearCheckCacheForTests(): void {
  store.done.clear();
  store.inFlight.clear();
}
