// Checkout throughput over the shopper-facing JSON API: `shoppers` closed loops of quote →
// checkout (TEST-INSTANT, qty 1, the TEST card that succeeds) until a deadline, then a bounded
// drain that polls every created order until its line is delivered (the purchase runs after the
// 201, in `after()`, or later in the reconciler), so throughput is not bought with a backlog.
import { summarise, type Summary } from "./stats";

export type DrainResult = {
  seconds: number;
  created: number;
  delivered: number;
  /** Orders that ended otherwise (failed/refunded/cancelled) or were still open at the deadline, by state. */
  notDelivered: Record<string, number>;
  timedOut: boolean;
};

export type CheckoutLoad = {
  shoppers: number;
  seconds: number;
  /** 201 responses within the timed window (warm-up orders excluded). */
  checkouts: number;
  warmupOrders: number;
  checkoutMs: Summary;
  quoteMs: Summary;
  /** Every response of both calls by status (or error name), warm-up included. */
  statuses: Record<string, number>;
  drain: DrainResult;
};

const item = { itemCode: "TEST-INSTANT", quantity: 1 };
const card = { number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" };
const doneLine = new Set(["delivered"]);
const finalLine = new Set(["failed", "refunded", "cancelled"]);

async function postJson(url: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> | null }> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  return { status: res.status, json };
}

/** The first refusal's answer, for the error when no order could be placed at all. */
let firstRefusal: string | null = null;
function refused(call: string, r: { status: number; json: Record<string, unknown> | null }): null {
  firstRefusal ??= `${call} ${r.status}: ${JSON.stringify(r.json).slice(0, 300)}`;
  return null;
}

/** One quote → checkout; records both calls. Returns the order token on a 201. */
async function buyOnce(
  base: string,
  shopper: number,
  tally: (call: string, status: number | string, ms?: number) => void,
): Promise<string | null> {
  let t = performance.now();
  try {
    const quote = await postJson(`${base}/api/checkout/quote`, { items: [item] });
    tally("quote", quote.status, performance.now() - t);
    if (quote.status !== 200 || typeof quote.json?.total !== "string") return refused("quote", quote);
    t = performance.now();
    const placed = await postJson(`${base}/api/checkout`, {
      email: `bench+${shopper}@example.com`,
      items: [item],
      card,
      expectedTotal: quote.json.total,
    });
    tally("checkout", placed.status, performance.now() - t);
    return placed.status === 201 && typeof placed.json?.token === "string"
      ? placed.json.token
      : refused("checkout", placed);
  } catch (error) {
    tally("error", error instanceof Error ? error.name : "error");
    return null;
  }
}

export type OrderView = { status: string; lines: { status: string }[] };

/** What GET /api/orders/<token> says: "delivered", a final line state other than delivered, "cancelled", or "open". */
export function stateOfView(view: OrderView): string {
  if (view.status === "cancelled") return "cancelled";
  if (view.lines.length > 0 && view.lines.every((l) => doneLine.has(l.status))) return "delivered";
  return view.lines.find((l) => finalLine.has(l.status))?.status ?? "open";
}

/** "delivered", a final state other than delivered, or "open" (still processing, or not readable right now). */
async function orderState(base: string, token: string): Promise<string> {
  try {
    const res = await fetch(`${base}/api/orders/${token}`, { signal: AbortSignal.timeout(30_000) });
    if (res.status !== 200) return "open";
    return stateOfView((await res.json()) as OrderView);
  } catch {
    return "open";
  }
}

/** Polls the open orders (8 requests at a time) until none is open or `timeoutMs` passed. */
export async function drainOrders(base: string, tokens: string[], timeoutMs = 180_000): Promise<DrainResult> {
  const started = performance.now();
  const final = new Map<string, string>();
  let open = [...tokens];
  while (open.length > 0 && performance.now() - started < timeoutMs) {
    const states = new Map<string, string>();
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < open.length) {
          const token = open[next++];
          states.set(token, await orderState(base, token));
        }
      }),
    );
    for (const [token, state] of states) if (state !== "open") final.set(token, state);
    open = open.filter((t) => !final.has(t));
    // The shopper's order page polls once a second; a quarter of that keeps the drain time honest.
    if (open.length > 0) await new Promise((r) => setTimeout(r, 250));
  }
  const notDelivered: Record<string, number> = {};
  for (const state of final.values()) if (state !== "delivered") notDelivered[state] = (notDelivered[state] ?? 0) + 1;
  if (open.length) notDelivered.open = open.length;
  return {
    seconds: Math.round((performance.now() - started) / 100) / 10,
    created: tokens.length,
    delivered: [...final.values()].filter((s) => s === "delivered").length,
    notDelivered,
    timedOut: open.length > 0,
  };
}

/** One untimed order per shopper (first requests load the route code), then the timed loops, then the drain. */
export async function runCheckoutLoad(base: string, shoppers: number, seconds: number): Promise<CheckoutLoad> {
  firstRefusal = null;
  const statuses: Record<string, number> = {};
  const times: Record<string, number[]> = { quote: [], checkout: [] };
  let timed = false;
  const tally = (call: string, status: number | string, ms?: number) => {
    statuses[`${call} ${status}`] = (statuses[`${call} ${status}`] ?? 0) + 1;
    if (timed && ms !== undefined && call in times) times[call].push(ms);
  };
  const tokens: string[] = [];
  const warm = await Promise.all(Array.from({ length: shoppers }, (_, s) => buyOnce(base, s, tally)));
  for (const t of warm) if (t) tokens.push(t);
  const warmupOrders = tokens.length;
  // Not one order placed: a setup problem (e.g. a build from before TEST_PRODUCTS_ENABLED), not a throughput.
  if (warmupOrders === 0)
    throw new Error(
      `no warm-up order was placed (${firstRefusal ?? "no answer"}; TEST-INSTANT needs a build that knows TEST_PRODUCTS_ENABLED: --rebuild)`,
    );
  timed = true;
  const started = performance.now();
  const stopAt = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: shoppers }, async (_, s) => {
      while (performance.now() < stopAt) {
        const token = await buyOnce(base, s, tally);
        if (token) tokens.push(token);
      }
    }),
  );
  const wallS = (performance.now() - started) / 1000;
  return {
    shoppers,
    seconds: Math.round(wallS * 10) / 10,
    checkouts: tokens.length - warmupOrders,
    warmupOrders,
    checkoutMs: summarise(times.checkout),
    quoteMs: summarise(times.quote),
    statuses,
    drain: await drainOrders(base, tokens),
  };
}
