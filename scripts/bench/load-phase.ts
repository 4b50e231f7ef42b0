// The load phase (issue "Hold under load and attack"): two instances on PostgreSQL under the REAL
// upstream budget (100 calls a minute on both sides), per-client limits on, sandbox faults on, and
// a crowd of shoppers from distinct loopback addresses going straight to the instances
// (TRUSTED_PROXY_HOPS=0: each instance sees the socket address as the client). Counts 5xx answers,
// refusals by reason, checkout times, orders per minute and upstream calls per minute and per order
// by kind, then lets every order end and checks the books over the database.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { runChild } from "./child";
import { benchPaths } from "./env";
import { seedBenchDb } from "./fresh-db";
import type { BooksFigures } from "./load-books";
import { runShopper, type CatalogPick } from "./load-shopper";
import { newTally, type Tally } from "./load-tally";
import { loopbackClient, shopperAddress } from "./loopback-http";
import { createFreshPostgresDb, postgresUnavailable } from "./pg-db";
import { sandboxControl, sandboxStats, type SandboxStats } from "./sandbox-control";
import { drainOrders, type DrainResult } from "./scale-checkout";
import { instanceEnv, startCluster } from "./scale-cluster";
import { waitUntilSettled, type ShopCounts } from "./load-settle";
import { summarise } from "./stats";
import { callsByKind, type CallKind } from "./upstream-kinds";

const label = "load";
const budgetPerMinute = 100;

/**
 * Faults set on the sandbox for the whole run (lib/sandbox/README.md#faults). No forced 429s: a 429
 * holds every call of the shop until the window turns, which would measure the fault, not the
 * budget; the sandbox's own limit (the real 100 a minute) still answers 429 to any overspending.
 */
export const loadFaults = { serverErrorRate: 0.02, dropPurchaseRate: 0.02, priceRiseNext: 5 };

export type LoadOptions = { shoppers: number; seconds: number; catalogSize: number };

/** BENCH_LOAD_SHOPPERS (default 200) and BENCH_LOAD_SECONDS (default 300), bounded. */
export function loadOptions(env: NodeJS.ProcessEnv = process.env): LoadOptions {
  const shoppers = Number(env.BENCH_LOAD_SHOPPERS ?? 200);
  const seconds = Number(env.BENCH_LOAD_SECONDS ?? 300);
  if (!Number.isInteger(shoppers) || shoppers < 1 || shoppers > 1000)
    throw new Error("BENCH_LOAD_SHOPPERS: an integer between 1 and 1000");
  if (!Number.isInteger(seconds) || seconds < 10 || seconds > 1800)
    throw new Error("BENCH_LOAD_SECONDS: an integer between 10 and 1800");
  return { shoppers, seconds, catalogSize: 300 };
}

export type LoadFigures = LoadOptions & {
  budgetPerMinute: number;
  faults: typeof loadFaults;
  wallS: number;
  tally: Omit<Tally, "checkoutMs" | "quoteMs" | "orders">;
  checkoutMs: ReturnType<typeof summarise>;
  quoteMs: ReturnType<typeof summarise>;
  orders: number;
  /** Orders placed before the deadline ÷ the window's minutes (journeys under way finish after it). */
  ordersPerMinute: number;
  ordersByMinute: number[];
  upstream: {
    /** Calls in each minute of the shoppers' window (all kinds, both instances). */
    perMinute: number[];
    /** From the first shopper until every order ended: calls by kind, and the sandbox's 429s. */
    byKind: Record<CallKind, number>;
    total: number;
    rateLimited: number;
    /** byKind ÷ orders placed. */
    perOrder: Record<CallKind, number>;
    /** The budget's bound on orders per minute: budget ÷ calls per order. */
    boundOrdersPerMinute: number;
  };
  drain: DrainResult;
  /** The database after the drain: orders (201s plus any a failed answer left behind), lines by status. */
  shop: ShopCounts;
  books: BooksFigures | { error: string };
  loadAvgAfter: number[];
};

/** Code products a shopper can buy one of: listed, in stock, no account fields. */
async function codeProducts(databaseUrl: string): Promise<CatalogPick[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ itemCode: string }>(
      `SELECT "itemCode" FROM "Product" WHERE "productType" <> 'test' AND listed AND NOT hidden AND "inStock"
         AND "requiredFields" = '[]' AND "minQuantity" <= 1 ORDER BY "itemCode" LIMIT 200`,
    );
    return rows.map((r) => ({ itemCode: r.itemCode, topup: false }));
  } finally {
    await client.end();
  }
}

/** A seeded generator (mulberry32), so two runs ask for the same mix. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const diff = (a: SandboxStats, b: SandboxStats) => b.requests - a.requests;

/** The shoppers' window: every shopper until the deadline, upstream counters read each minute. */
async function runShoppers(opts: LoadOptions, instances: string[], sandboxUrl: string, products: CatalogPick[]) {
  const tally = newTally();
  const startedAt = performance.now();
  const stopAt = startedAt + opts.seconds * 1000;
  const snapshots: SandboxStats[] = [await sandboxStats(sandboxUrl)];
  const minuteTimer = setInterval(
    () =>
      void sandboxStats(sandboxUrl).then(
        (s) => {
          snapshots.push(s);
          console.log(
            `bench: load — minute ${snapshots.length - 1}: ${tally.orders.length} orders, ${tally.serverErrors} 5xx, ` +
              `${diff(snapshots.at(-2)!, s)} upstream calls this minute`,
          );
        },
        () => undefined,
      ),
    60_000,
  );
  const clients = Array.from({ length: opts.shoppers }, (_, i) => loopbackClient(shopperAddress(i)));
  try {
    await Promise.all(
      clients.map((client, index) =>
        runShopper({
          index,
          client,
          instances,
          codeProducts: products,
          stopAt,
          watchUntil: stopAt + 120_000,
          random: seeded(index + 1),
          tally,
          startedAt,
        }),
      ),
    );
  } finally {
    clearInterval(minuteTimer);
    for (const c of clients) c.close();
  }
  const wallS = (performance.now() - startedAt) / 1000;
  snapshots.push(await sandboxStats(sandboxUrl));
  const perMinute = snapshots.slice(1).map((s, i) => diff(snapshots[i]!, s));
  return { tally, wallS, perMinute, first: snapshots[0]! };
}

export async function runLoadPhase(opts: LoadOptions): Promise<LoadFigures | { notMeasured: string }> {
  const unavailable = await postgresUnavailable();
  if (unavailable) return { notMeasured: unavailable };
  const { dir } = benchPaths(label);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const databaseUrl = await createFreshPostgresDb("shop_bench_load");
  seedBenchDb(instanceEnv(label, opts.catalogSize, databaseUrl, "http://127.0.0.1", "http://127.0.0.1"));
  console.log(`bench: load — two instances on PostgreSQL, the real budget (${budgetPerMinute}/min), next start…`);
  const cluster = await startCluster({
    label,
    databaseUrl,
    instances: 2,
    catalogSize: opts.catalogSize,
    env: {
      SANDBOX_RATE_LIMIT: String(budgetPerMinute),
      UPSTREAM_RATE_LIMIT: String(budgetPerMinute),
      TRUSTED_PROXY_HOPS: "0",
      RATE_LIMIT_EXEMPT: "",
    },
  });
  const stopOnSignal = () => void cluster.stop().finally(() => process.exit(130));
  process.once("SIGINT", stopOnSignal);
  process.once("SIGTERM", stopOnSignal);
  try {
    const products = await codeProducts(databaseUrl);
    if (products.length === 0) throw new Error("the catalog has no code product to buy");
    await sandboxControl(cluster.sandboxUrl, "setFaults", loadFaults);
    console.log(
      `bench: load — ${opts.shoppers} shoppers for ${opts.seconds} s (faults on), then every order to its end…`,
    );
    const run = await runShoppers(opts, cluster.instanceUrls, cluster.sandboxUrl, products);
    const drain = await drainOrders(
      cluster.instanceUrls[0]!,
      run.tally.orders.map((o) => o.token),
    );
    const shop = await waitUntilSettled(databaseUrl);
    const last = await sandboxStats(cluster.sandboxUrl);
    const { orders: upstreamOrders } = await sandboxControl<{ orders: { order_id: number; status: string }[] }>(
      cluster.sandboxUrl,
      "listOrders",
    );
    const ordersFile = path.join(dir, "upstream-orders.json");
    fs.writeFileSync(ordersFile, JSON.stringify(upstreamOrders));
    const books = await runChild<BooksFigures>("scripts/bench/load-books.ts", [ordersFile], {
      ...instanceEnv(label, opts.catalogSize, databaseUrl, cluster.url, cluster.sandboxUrl),
    }).catch((e: unknown) => ({ error: e instanceof Error ? e.message.split("\n")[0]! : String(e) }));
    return figures(opts, run, { drain, shop, books }, last);
  } finally {
    process.off("SIGINT", stopOnSignal);
    process.off("SIGTERM", stopOnSignal);
    await cluster.stop();
  }
}

function figures(
  opts: LoadOptions,
  run: Awaited<ReturnType<typeof runShoppers>>,
  end: Pick<LoadFigures, "drain" | "shop" | "books">,
  last: SandboxStats,
): LoadFigures {
  const { checkoutMs, quoteMs, orders, ...tally } = run.tally;
  const byKind = callsByKind(run.first.byRoute, last.byRoute);
  const total = Object.values(byKind).reduce((a, b) => a + b, 0);
  const perOrder = Object.fromEntries(
    Object.entries(byKind).map(([k, v]) => [k, orders.length ? Math.round((v / orders.length) * 100) / 100 : NaN]),
  ) as Record<CallKind, number>;
  const callsPerOrder = orders.length ? total / orders.length : NaN;
  const ordersByMinute = Array.from({ length: Math.ceil(opts.seconds / 60) }, () => 0);
  for (const o of orders) {
    const minute = Math.floor(o.atS / 60);
    if (minute < ordersByMinute.length) ordersByMinute[minute]!++;
  }
  return {
    ...opts,
    budgetPerMinute,
    faults: loadFaults,
    wallS: Math.round(run.wallS * 10) / 10,
    tally,
    checkoutMs: summarise(checkoutMs),
    quoteMs: summarise(quoteMs),
    orders: orders.length,
    ordersPerMinute: Math.round((orders.filter((o) => o.atS < opts.seconds).length / (opts.seconds / 60)) * 10) / 10,
    ordersByMinute,
    upstream: {
      perMinute: run.perMinute,
      byKind,
      total,
      rateLimited: last.rateLimited - run.first.rateLimited,
      perOrder,
      boundOrdersPerMinute: Math.round((budgetPerMinute / callsPerOrder) * 10) / 10,
    },
    ...end,
    loadAvgAfter: os.loadavg().map((v) => Math.round(v * 100) / 100),
  };
}
