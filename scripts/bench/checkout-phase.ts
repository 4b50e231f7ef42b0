// Bench child: checkout figures, in-process against the in-process sandbox (fresh
// data/bench/checkout/shop.db from the parent). Upstream calls per completed order for an
// instant card, a top-up, a pending card settled by webhook and one settled by polling;
// placeOrder / fulfil times. Reports "not measured" if lib/orders lacks what it needs.
import { printResult } from "./child";
import { buyOnce, type CheckoutApi, type PlacedOrder } from "./checkout-flow";
import type { CheckoutFigures, CheckoutScenario } from "./checkout-types";
import { createCountingFetch } from "./counting-fetch";
import { summarise } from "./stats";

async function loadModules() {
  const [
    placeMod,
    reconcileMod,
    fulfilMod,
    quoteMod,
    sellableMod,
    validateMod,
    fieldsMod,
    inboxMod,
    upstreamMod,
    afterMod,
  ] = await Promise.all([
    import("@/lib/orders/checkout/place-order"),
    import("@/lib/orders/reconcile"),
    import("@/lib/orders/fulfilment/fulfil-order"),
    import("@/lib/orders/quote/quote"),
    import("@/lib/orders/quote/sellable"),
    import("@/lib/orders/quote/validate-topup"),
    import("@/lib/orders/quote/topup-fields"),
    import("@/lib/webhooks/inbox"),
    import("@/lib/webhooks/upstream/source"),
    import("@/lib/http/after-response"),
  ]);
  const receiveUpstreamWebhook = (request: Request, nowMs: number) =>
    inboxMod.receiveWebhook(upstreamMod.upstreamWebhooks, request, nowMs);
  const needed = {
    placeOrder: placeMod.placeOrder,
    fulfilPaidOrder: fulfilMod.fulfilPaidOrder,
    reconcileOnce: reconcileMod.reconcileOnce,
    quoteItems: quoteMod.quoteItems,
    findSellableProduct: sellableMod.findSellableProduct,
    validateTopupFields: validateMod.validateTopupFields,
    parseRequiredFields: fieldsMod.parseRequiredFields,
    receiveUpstreamWebhook,
    waitForAfterResponseTasks: afterMod.waitForAfterResponseTasks,
  };
  const missing = Object.entries(needed)
    .filter(([, fn]) => typeof fn !== "function")
    .map(([name]) => name);
  return { ...needed, missing };
}

async function main(): Promise<void> {
  const m = await loadModules().catch(
    (e: unknown) => ({ missing: [`import failed: ${e instanceof Error ? e.message : e}`] }) as const,
  );
  if (m.missing.length || !("placeOrder" in m))
    return printResult({ notMeasured: `lib/orders/webhooks lack ${m.missing.join(", ")}` });
  const { env } = await import("@/lib/env");
  const { db } = await import("@/lib/db");
  const { createSandbox } = await import("@/lib/sandbox");
  const { UpstreamClient, DbBudget, setUpstream } = await import("@/lib/upstream");
  const { runCatalogSync } = await import("@/lib/catalog/sync");
  await (await import("@/lib/seed")).seedDefaults();

  const clock = { offsetMs: 0, webhooks: true };
  const nowMs = () => Date.now() + clock.offsetMs;
  const now = () => new Date(nowMs());
  const receiverUrl = `${env.APP_URL}/api/webhooks/upstream`;
  const sandbox = createSandbox({
    dbPath: ":memory:",
    apiKey: env.SANDBOX_API_KEY,
    catalogSize: env.SANDBOX_CATALOG_SIZE,
    settleMs: 8000,
    rateLimit: env.SANDBOX_RATE_LIMIT,
    webhookUrl: receiverUrl,
    webhookSecret: env.UPSTREAM_WEBHOOK_SECRET,
    now: nowMs,
    // With webhooks "off" the shop never hears from the upstream (as if none were configured).
    deliver: async (url, init) =>
      clock.webhooks ? m.receiveUpstreamWebhook(new Request(url, init), nowMs()) : new Response(null, { status: 204 }),
  });
  const counter = createCountingFetch(sandbox.fetch);
  const client = new UpstreamClient({
    baseUrl: `${env.APP_URL}/sandbox/v1`,
    apiKey: env.SANDBOX_API_KEY,
    fetch: counter.fetch,
    budget: new DbBudget({ db, apiKey: env.SANDBOX_API_KEY, limit: env.UPSTREAM_RATE_LIMIT }),
  });
  setUpstream(client);
  const sync = await runCatalogSync({ kind: "full", trigger: "manual" }, { client });
  if (sync.status !== "succeeded") throw new Error(`catalog sync ${sync.status}`);

  const api: CheckoutApi = {
    quoteItems: m.quoteItems,
    placeOrder: m.placeOrder,
    fulfilPaidOrder: m.fulfilPaidOrder,
    async verifyTopup(itemCode, fields, at) {
      const p = await m.findSellableProduct(itemCode);
      if (!p) return null;
      const r = await m.validateTopupFields(itemCode, m.parseRequiredFields(p.requiredFields), fields, { now: at });
      return r.ok ? r.proof : null;
    },
  };
  const flush = async () => {
    await sandbox.control.flushWebhooks();
    await m.waitForAfterResponseTasks();
  };
  const lineOf = (orderId: string) => db.orderLine.findFirstOrThrow({ where: { orderId } });
  const timings: PlacedOrder[] = [];

  async function scenario(
    name: string,
    orders: number,
    item: { itemCode: string; fields?: Record<string, string> },
    settle: (o: PlacedOrder) => Promise<void>,
  ): Promise<CheckoutScenario> {
    await flush();
    counter.reset();
    const webhooksBefore = sandbox.control.webhookLog().length;
    let completed = 0;
    for (let i = 0; i < orders; i++) {
      const placed = await buyOnce(api, { ...item, quantity: 1 }, now);
      timings.push(placed);
      await settle(placed);
      if ((await lineOf(placed.orderId)).status === "delivered") completed++;
    }
    return {
      name,
      orders,
      completed,
      callsPerCompletedOrder: completed ? counter.total() / completed : Number.NaN,
      byRoute: counter.byRoute(),
      webhookAttempts: sandbox.control.webhookLog().length - webhooksBefore,
    };
  }

  const scenarios = [
    await scenario("instant (TEST-INSTANT, webhooks on)", 20, { itemCode: "TEST-INSTANT" }, flush),
    await scenario(
      "top-up (TEST-TOPUP, webhooks on)",
      10,
      { itemCode: "TEST-TOPUP", fields: { player_id: "12345678" } },
      flush,
    ),
    await scenario("pending, settled by webhook", 10, { itemCode: "TEST-PENDING" }, async (o) => {
      await flush(); // order.created
      const line = await lineOf(o.orderId);
      if (line.upstreamOrderId !== null) sandbox.control.settleNow(line.upstreamOrderId);
      await flush(); // order.completed → the receiver reads the order
    }),
  ];
  clock.webhooks = false;
  scenarios.push(
    await scenario("pending, settled by polling (webhooks off)", 10, { itemCode: "TEST-PENDING" }, async (o) => {
      // Virtual time in 5 s steps (sandbox settles after 8 s); the reconciler polls when lines are due.
      for (let step = 0; step < 120 && (await lineOf(o.orderId)).status !== "delivered"; step++) {
        clock.offsetMs += 5000;
        sandbox.control.settleDue();
        await m.reconcileOnce({ now: now() });
      }
    }),
  );

  const figures: CheckoutFigures = {
    scenarios,
    placeOrderMs: summarise(timings.map((t) => t.placeMs)),
    fulfilMs: summarise(timings.map((t) => t.fulfilMs)),
    notes: [
      "calls per order include the checkout page's live quote and, for top-ups, the shopper's 'verify account' call, as in the browser flow; checkout sends back their signed proofs, as the checkout form does, and asks the upstream again only without a fresh one (lib/orders/quote/quote-proof.ts)",
      "webhooks are delivered straight into lib/webhooks' receiver; polling uses reconcileOnce with a virtual clock (sandbox settleMs 8 s)",
      "webhook attempts = deliveries the sandbox made; with webhooks off none reach the shop (the polling run never flushes them)",
    ],
  };
  printResult(figures);
  setUpstream(null);
  sandbox.close();
  await db.$disconnect();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error("bench checkout phase failed:", error instanceof Error ? error.stack : error);
    process.exit(1);
  },
);
