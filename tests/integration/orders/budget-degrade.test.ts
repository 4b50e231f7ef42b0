// When shoppers' checks have spent their share of the upstream budget (docs/money-rules.md#when-checks-have-spent-their-share),
// the shop degrades instead of making everyone wait: the scenario — four clients, each
// quoting 40 distinct products a minute (within their own limit) — against the shop's real
// budget (100 a window, checks up to 85 %), frozen in one window and refusing to wait for the next.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCatalogSync } from "@/lib/catalog/sync";
import { db } from "@/lib/db";
import { checkout } from "@/lib/orders/checkout/checkout";
import { waitForAfterResponseTasks } from "@/lib/http/after-response";
import { catalogFreshMs } from "@/lib/orders/quote/catalog-price";
import { fulfilPaidOrder } from "@/lib/orders/fulfilment/fulfil-order";
import { applyPromoToQuote } from "@/lib/orders/quote/promo-quote";
import { quoteItems } from "@/lib/orders/quote/quote";
import { setUpstream, UpstreamClient } from "@/lib/upstream";
import { DbBudget } from "@/lib/upstream/db-budget";
import { postQuote } from "../../helpers/client-headers";
import { createPromo } from "../promos/promo-harness";
import { API_KEY, startSyncHarness } from "../catalog/sync-harness";

const h = startSyncHarness({ catalogSize: 250 });
let skus: string[] = [];
let budget: DbBudget;
/** Every time a call would have waited for the budget, and how long. */
const waits: number[] = [];

const flooders = ["203.0.113.10", "198.51.100.10", "192.0.2.10", "100.64.7.10"];

/** Four clients each quote 40 distinct products (their per-client limit) in parallel. */
async function flood(round: number): Promise<void> {
  await Promise.all(
    flooders.map((ip, i) => {
      const start = (round * 4 + i) * 40;
      const items = skus.slice(start, start + 40).map((itemCode) => ({ itemCode, quantity: 1 }));
      return postQuote(items.slice(0, 20), ip).then(() => postQuote(items.slice(20), ip));
    }),
  );
}

async function buy(itemCode: string, client: string) {
  const res = await postQuote([{ itemCode, quantity: 1 }], client);
  const view = await res.json();
  const result = await checkout(
    {
      email: "fifth@example.com",
      items: [{ itemCode, quantity: 1 }],
      card: { number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" },
      expectedTotal: view.total,
    },
    { userId: null, ip: client },
  );
  return { status: res.status, view, result };
}

beforeAll(async () => {
  await runCatalogSync({ kind: "full", trigger: "manual" }, h.deps);
  skus = (
    await db.product.findMany({
      where: { listed: true, hidden: false, inStock: true, productType: { not: "test" } },
      select: { itemCode: true },
      orderBy: { itemCode: "asc" },
      take: 200,
    })
  ).map((p) => p.itemCode);
  // One frozen window: the test never depends on where the clock stands.
  const windowAt = Math.floor(Date.now() / 60_000) * 60_000 + 30_000;
  budget = new DbBudget({
    db,
    apiKey: API_KEY,
    limit: 100,
    now: () => windowAt,
    sleep: async (ms) => {
      waits.push(ms);
      throw new Error("would wait for the next window");
    },
  });
  setUpstream(
    new UpstreamClient({ baseUrl: "http://sandbox.test/v1", apiKey: API_KEY, fetch: h.sandbox.fetch, budget }),
  );
  await flood(0);
});
afterAll(() => h.close());

describe("the upstream budget when checks have spent their share", () => {
  it("a checkout proceeds on the fresh catalog price when the check share is spent", async () => {
    expect((await budget.snapshot()).used).toBe(85);
    const product = await db.product.findUniqueOrThrow({ where: { itemCode: skus[180]! } });
    waits.length = 0;
    const { status, view, result } = await buy(product.itemCode, "198.18.0.5");
    expect(status).toBe(200);
    expect(view.problems).toEqual([]);
    expect(view.lines[0].unitPrice).toBe(product.shopPrice.toFixed(2));
    expect(view.lines[0].liveChecked).toBe(false);
    expect(result.ok).toBe(true);
    expect(waits).toEqual([]);
  });

  it("a purchase is never starved by checks", async () => {
    await waitForAfterResponseTasks();
    const purchasesBefore = (await budget.snapshot()).used - 85;
    await flood(1);
    expect((await budget.snapshot()).used).toBe(85 + purchasesBefore);
    waits.length = 0;
    const { result } = await buy(skus[181]!, "198.18.0.6");
    if (!result.ok) throw new Error(result.message);
    // Checkout starts buying after its answer; wait for that, then for anything left.
    await waitForAfterResponseTasks();
    await fulfilPaidOrder(result.orderId);
    const line = await db.orderLine.findFirstOrThrow({ where: { orderId: result.orderId } });
    expect(line.upstreamOrderId).not.toBeNull();
    expect(waits).toEqual([]);
    // Quotes after the share was spent took nothing from the purchases' headroom.
    expect((await budget.snapshot()).used).toBe(85 + purchasesBefore + 1);
  });

  it("checks the margin of a catalog price on the stored cost plus the buffer", async () => {
    // At 1.50 the default rule (+10 %, at least 0.10) sells for 1.65: enough on the stored cost,
    // not on the cost plus 5 %.
    const itemCode = skus[182]!;
    await db.product.update({ where: { itemCode }, data: { chargedPrice: "1.50", shopPrice: "1.65" } });
    waits.length = 0;
    const res = await postQuote([{ itemCode, quantity: 1 }], "198.18.0.7");
    const view = await res.json();
    expect(view.problems).toEqual([expect.stringMatching(/could not check/)]);
    expect(waits).toEqual([]);
  });

  it("checks a promo code on a catalog price against the stored cost plus the buffer", async () => {
    // Cost 10.00 sells for 11.00; 4 % off leaves 10.56: above the cost, not above it plus 5 %.
    const itemCode = skus[184]!;
    await db.product.update({ where: { itemCode }, data: { chargedPrice: "10.00", shopPrice: "11.00" } });
    await createPromo({ code: "FOUR", value: "4" });
    const q = await quoteItems([{ itemCode, quantity: 1 }]);
    expect(q.lines[0]!.liveChecked).toBe(false);
    const applied = await applyPromoToQuote(q, "FOUR", { now: new Date() });
    expect(applied).toMatchObject({ ok: false, message: expect.stringMatching(/cannot be used on/) });
  });

  it("still asks the upstream when the catalog is not fresh", async () => {
    const stale = new Date(Date.now() - catalogFreshMs - 60_000);
    await db.syncRun.updateMany({ data: { startedAt: stale, finishedAt: stale } });
    waits.length = 0;
    const res = await postQuote([{ itemCode: skus[183]!, quantity: 1 }], "198.18.0.8");
    const view = await res.json();
    expect(view.problems).toEqual([expect.stringMatching(/could not check/)]);
    // It waited for the budget (this test's budget refuses to wait, as the shopper's time limit would).
    expect(waits).toHaveLength(1);
  });
});
