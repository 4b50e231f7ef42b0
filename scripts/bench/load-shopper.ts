// One load-phase shopper: a real journey over HTTP from its own loopback address, repeated until
// the deadline — browse a product page, POST /api/checkout/quote, and only when the quote has no
// problem POST /api/checkout with the quote's total and proof, then watch the order until it ends.
// Carts mix code products and top-ups (the player id is validated by checkout); cards are mostly
// the TEST card that succeeds, some that decline and some that confirm later.
import type { LoopbackClient } from "./loopback-http";
import { countAnswer, countRefusal, countWatched, type Tally } from "./load-tally";
import { stateOfView, type OrderView } from "./scale-checkout";

export type CatalogPick = { itemCode: string; topup: boolean };
type CartItem = { itemCode: string; quantity: number; fields?: Record<string, string> };

export type ShopperPlan = {
  index: number;
  client: LoopbackClient;
  /** Instance base URLs; each request goes to one at random (as behind a balancer, minus the proxy hop). */
  instances: string[];
  /** In-stock code products of the generated catalog. */
  codeProducts: CatalogPick[];
  stopAt: number;
  /** When the last watch gives up (the phase's deadline plus the drain allowance). */
  watchUntil: number;
  random: () => number;
  tally: Tally;
  startedAt: number;
};

export const cards = {
  succeeds: "4242 4242 4242 4242",
  declines: "4000 0000 0000 0002",
  delayed: "4000 0000 0000 3220",
};

const pick = <T>(xs: T[], r: () => number) => xs[Math.floor(r() * xs.length)]!;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A player id the sandbox accepts (6–12 digits; never its "not verifiable" 000000). */
const playerId = (r: () => number) => String(100_000 + Math.floor(r() * 899_999_999));

/** A cart: mostly one code product or one top-up; sometimes two lines, or a test SKU with a known outcome. */
function chooseCart(p: ShopperPlan): CartItem[] {
  const r = p.random();
  const code = () => ({ itemCode: pick(p.codeProducts, p.random).itemCode, quantity: 1 });
  const topup = (itemCode = "TEST-TOPUP") => ({ itemCode, quantity: 1, fields: { player_id: playerId(p.random) } });
  if (r < 0.35) return [code()];
  if (r < 0.55) return [topup()];
  if (r < 0.65) return [topup("TEST-TOPUP-PENDING")];
  if (r < 0.8) return [{ itemCode: "TEST-INSTANT", quantity: 1 }, code()];
  if (r < 0.9) return [{ itemCode: "TEST-PENDING", quantity: 1 }];
  if (r < 0.95) return [{ itemCode: "TEST-INSTANT", quantity: 2 }];
  return [{ itemCode: "TEST-OOS", quantity: 1 }];
}

function chooseCard(r: number): string {
  if (r < 0.85) return cards.succeeds;
  return r < 0.93 ? cards.declines : cards.delayed;
}

const messageOf = (json: Record<string, unknown> | null) =>
  typeof json?.message === "string" ? json.message : JSON.stringify(json ?? {}).slice(0, 200);

/** One request, counted; null when no answer came (network error, timeout). */
async function call(p: ShopperPlan, name: string, path: string, body?: unknown) {
  const url = pick(p.instances, p.random) + path;
  try {
    const answer = body === undefined ? await p.client.get(url) : await p.client.post(url, body);
    countAnswer(p.tally, name, answer.status);
    return answer;
  } catch {
    countAnswer(p.tally, name, "error");
    return null;
  }
}

/** Polls the order every 2 s (as the order page would, a little less often) until it ends or the watch runs out. */
async function watchOrder(p: ShopperPlan, token: string): Promise<void> {
  while (performance.now() < p.watchUntil) {
    const answer = await call(p, "order", `/api/orders/${token}`);
    if (answer?.status === 200 && answer.json) {
      const state = stateOfView(answer.json as unknown as OrderView);
      if (state !== "open") return countWatched(p.tally, state);
    }
    await pause(2000);
  }
  countWatched(p.tally, "open");
}

/** One journey: browse, quote, pay only what the quote says can be bought, watch. */
async function journey(p: ShopperPlan): Promise<void> {
  const cart = chooseCart(p);
  // Test SKUs are sold by direct link but have no page: a cart of them starts from the home page.
  const shown = cart.find((i) => !i.itemCode.startsWith("TEST-"));
  await call(p, "browse", shown ? `/p/${encodeURIComponent(shown.itemCode)}` : "/");
  const items = cart.map(({ itemCode, quantity }) => ({ itemCode, quantity }));
  const quote = await call(p, "quote", "/api/checkout/quote", { items });
  if (!quote) return;
  if (quote.status !== 200) return countRefusal(p.tally, quote.status, messageOf(quote.json));
  p.tally.quoteMs.push(quote.ms);
  const problems = Array.isArray(quote.json?.problems) ? (quote.json.problems as string[]) : [];
  // Told before paying: the shopper does not try to pay for a cart the quote refused.
  if (problems.length > 0) return countRefusal(p.tally, 422, problems.join(" "));
  const placed = await call(p, "checkout", "/api/checkout", {
    email: `shopper${p.index}@example.com`,
    items: cart,
    card: { number: chooseCard(p.random()), expiry: "12/30", cvc: "123" },
    expectedTotal: quote.json?.total,
    ...(typeof quote.json?.proof === "string" ? { quoteProof: quote.json.proof } : {}),
  });
  if (!placed) return;
  p.tally.checkoutMs.push(placed.ms);
  const token = placed.json?.token;
  if (placed.status !== 201 || typeof token !== "string") {
    if (placed.status < 500) countRefusal(p.tally, placed.status, messageOf(placed.json));
    return;
  }
  p.tally.orders.push({ token, atS: (performance.now() - p.startedAt) / 1000 });
  await watchOrder(p, token);
}

/** Journeys with a think time of 2–8 s between them until `stopAt`; a journey under way is finished. */
export async function runShopper(p: ShopperPlan): Promise<void> {
  // Shoppers arrive over the first ten seconds rather than all at once.
  await pause(p.random() * 10_000);
  while (performance.now() < p.stopAt) {
    await journey(p);
    await pause(2000 + p.random() * 6000);
  }
}
