// The load phase (issue "Hold under load and attack"): two instances on PostgreSQL under the REAL
// upstream budget (100 calls a minute per supplier account, on both sides), per-client limits on,
// sandbox faults on, and
// a crowd of shoppers from distinct loopback addresses going straight to the instances
// (TRUSTED_PROXY_HOPS=0: each instance sees the socket address as the client). Counts 5xx answers,
// refusals by reason, checkout times, orders per minute and upstream calls per minute and per order
// by kind, then lets every order end and checks the books over the database. The same crowd runs
// once per supplier count (`--load-suppliers`): main alone, and main with b (docs/suppliers.md), each
// supplier with its own budget and wallet, so the two runs show what a second account adds.
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { runChild } from "./child";
import { benchPaths } from "./env";
import { seedBenchDb } from "./fresh-db";
import type { BooksFigures } from "./load-books";
import {
  budgetPerMinute,
  figures,
  loadFaults,
  type LoadFigures,
  type LoadOptions,
  type LoadResults,
  type ShopperRun,
} from "./load-figures";
import { supplierEnv, supplierNames, waitForOffers } from "./load-suppliers";
import { runShopper, type CatalogPick } from "./load-shopper";
import { newTally } from "./load-tally";
import { loopbackClient, shopperAddress } from "./loopback-http";
import { createFreshPostgresDb, postgresUnavailable } from "./pg-db";
import { sandboxControl, sandboxStats, type SandboxStats } from "./sandbox-control";
import { drainOrders } from "./scale-checkout";
import { instanceEnv, startCluster } from "./scale-cluster";
import { waitUntilSettled } from "./load-settle";

const label = "load";
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

type Snapshot = Record<string, SandboxStats>;

/** Every supplier's counters at once. */
async function readStats(sandboxUrl: string, suppliers: string[]): Promise<Snapshot> {
  const stats = await Promise.all(suppliers.map((s) => sandboxStats(sandboxUrl, s)));
  return Object.fromEntries(suppliers.map((s, i) => [s, stats[i]!]));
}

/** The shoppers' window: every shopper until the deadline, each supplier's counters read each minute. */
async function runShoppers(
  opts: LoadOptions,
  suppliers: string[],
  instances: string[],
  sandboxUrl: string,
  products: CatalogPick[],
): Promise<ShopperRun> {
  const tally = newTally();
  const startedAt = performance.now();
  const stopAt = startedAt + opts.seconds * 1000;
  const snapshots: Snapshot[] = [await readStats(sandboxUrl, suppliers)];
  const minuteTimer = setInterval(
    () =>
      void readStats(sandboxUrl, suppliers).then(
        (s) => {
          snapshots.push(s);
          const calls = suppliers.map((name) => `${name} ${diff(snapshots.at(-2)![name]!, s[name]!)}`).join(", ");
          console.log(
            `bench: load — minute ${snapshots.length - 1}: ${tally.orders.length} orders, ${tally.serverErrors} 5xx, ` +
              `upstream calls this minute: ${calls}`,
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
  snapshots.push(await readStats(sandboxUrl, suppliers));
  const perMinute = Object.fromEntries(
    suppliers.map((name) => [name, snapshots.slice(1).map((s, i) => diff(snapshots[i]![name]!, s[name]!))]),
  );
  return { tally, wallS, perMinute, first: snapshots[0]! };
}

export { loadOptions } from "./load-figures";

/** One run per supplier count, one after the other, each on a fresh database and a fresh sandbox. */
export async function runLoadPhase(opts: LoadOptions): Promise<LoadResults | { notMeasured: string }> {
  const unavailable = await postgresUnavailable();
  if (unavailable) return { notMeasured: unavailable };
  const runs: LoadResults["runs"] = [];
  for (const count of opts.supplierCounts) {
    const suppliers = supplierNames(count);
    console.log(`bench: load — run with ${count} supplier(s): ${suppliers.join(", ")}`);
    runs.push(
      await runOnce(opts, suppliers).catch((error: unknown) => ({
        suppliers,
        notMeasured: `load run failed: ${error instanceof Error ? error.message.split("\n")[0] : "unknown"}`,
      })),
    );
  }
  return { runs };
}

async function runOnce(opts: LoadOptions, suppliers: string[]): Promise<LoadFigures> {
  const { dir } = benchPaths(label);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const databaseUrl = await createFreshPostgresDb("shop_bench_load");
  seedBenchDb(instanceEnv(label, opts.catalogSize, databaseUrl, "http://127.0.0.1", "http://127.0.0.1"));
  console.log(
    `bench: load — two instances on PostgreSQL, the real budget (${budgetPerMinute}/min per supplier), next start…`,
  );
  // The sandbox server's address is fixed (scale-cluster.ts), so the suppliers' variables are known before it starts.
  const sandboxUrl = "http://127.0.0.1:3300";
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
      ...supplierEnv(suppliers, sandboxUrl, budgetPerMinute),
    },
  });
  if (cluster.sandboxUrl !== sandboxUrl)
    throw new Error(`the sandbox server is at ${cluster.sandboxUrl}, not ${sandboxUrl}`);
  const stopOnSignal = () => void cluster.stop().finally(() => process.exit(130));
  process.once("SIGINT", stopOnSignal);
  process.once("SIGTERM", stopOnSignal);
  try {
    // Routing has offers to choose from only after a full sync with more than one supplier.
    const offers = await waitForOffers(databaseUrl, suppliers);
    const products = await codeProducts(databaseUrl);
    if (products.length === 0) throw new Error("the catalog has no code product to buy");
    for (const s of suppliers) await sandboxControl(cluster.sandboxUrl, "setFaults", loadFaults, s);
    console.log(
      `bench: load — ${opts.shoppers} shoppers for ${opts.seconds} s (faults on), then every order to its end…`,
    );
    const run = await runShoppers(opts, suppliers, cluster.instanceUrls, cluster.sandboxUrl, products);
    const drain = await drainOrders(
      cluster.instanceUrls[0]!,
      run.tally.orders.map((o) => o.token),
    );
    const shop = await waitUntilSettled(databaseUrl);
    const last = await readStats(cluster.sandboxUrl, suppliers);
    const upstreamOrders: Record<string, unknown[]> = {};
    for (const s of suppliers)
      upstreamOrders[s] = (
        await sandboxControl<{ orders: { order_id: number; status: string }[] }>(
          cluster.sandboxUrl,
          "listOrders",
          {},
          s,
        )
      ).orders;
    const ordersFile = path.join(dir, "upstream-orders.json");
    fs.writeFileSync(ordersFile, JSON.stringify(upstreamOrders));
    const books = await runChild<BooksFigures>("scripts/bench/load-books.ts", [ordersFile], {
      ...instanceEnv(label, opts.catalogSize, databaseUrl, cluster.url, cluster.sandboxUrl),
    }).catch((e: unknown) => ({ error: e instanceof Error ? e.message.split("\n")[0]! : String(e) }));
    return figures(opts, suppliers, run, { drain, shop, books, offers }, last);
  } finally {
    process.off("SIGINT", stopOnSignal);
    process.off("SIGTERM", stopOnSignal);
    await cluster.stop();
  }
}
