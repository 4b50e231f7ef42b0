// The scale phase: catalog listing and checkout throughput for SQLite ×1, PostgreSQL ×1 and
// PostgreSQL ×2 behind the balancer. Every configuration gets a fresh database and a fresh
// sandbox server of the same size, so they differ only in database and instance count.
import fs from "node:fs";
import os from "node:os";
import { benchPaths } from "./env";
import { createFreshBenchDb, seedBenchDb } from "./fresh-db";
import { hasProductLink } from "./http-phase";
import { runLoad, type LoadResult } from "./http-load";
import { createFreshPostgresDb, postgresUnavailable } from "./pg-db";
import { sandboxStats } from "./sandbox-control";
import { runCheckoutLoad, type CheckoutLoad } from "./scale-checkout";
import { instanceEnv, startCluster, type Cluster } from "./scale-cluster";

/** Routes the phase calls; a bench build without them is rebuilt (see ensureBenchBuild). */
export const scaleRoutes = ["api/ready", "api/checkout", "api/checkout/quote", "api/orders/[token]"];

export const scaleSettings = {
  listingClients: 16,
  warmupS: 3,
  listingS: 20,
  shoppers: 8,
  checkoutS: 20,
  // A brand word the generated catalog always has (no product name contains "card").
  listingMix: ["/search?q=google", "/search?q=google&page=2", "/t/gift_card", "/search?type=gift_card&sort=price_asc"],
};

type Config = { name: string; label: string; database: "sqlite" | "postgresql"; instances: number };

const configs: Config[] = [
  { name: "SQLite ×1", label: "scale-sqlite", database: "sqlite", instances: 1 },
  { name: "PostgreSQL ×1", label: "scale-pg1", database: "postgresql", instances: 1 },
  { name: "PostgreSQL ×2", label: "scale-pg2", database: "postgresql", instances: 2 },
];

export type ScaleRun = {
  config: string;
  database: Config["database"];
  instances: number;
  readyS?: number;
  listing?: LoadResult;
  checkout?: CheckoutLoad;
  /** Sandbox counters since it started (the catalog sync included). */
  sandbox?: { requests: number; rateLimited: number };
  /** Requests the balancer sent to each instance (×2 only). */
  forwarded?: Record<string, number>;
  loadAvgAfter?: number[];
  error?: string;
};

export type ScaleFigures = typeof scaleSettings & { catalogSize: number; runs: ScaleRun[]; seconds: number };

const loadAvg = () => os.loadavg().map((v) => Math.round(v * 100) / 100);

/** A fresh database for `config`, migrated and seeded; returns its DATABASE_URL. */
async function freshDatabase(config: Config, catalogSize: number): Promise<string> {
  let url: string;
  if (config.database === "sqlite") url = `file:./${createFreshBenchDb(config.label).shopDb}`;
  else {
    // The folder still holds this configuration's sandbox database.
    const { dir } = benchPaths(config.label);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    url = await createFreshPostgresDb();
  }
  seedBenchDb(instanceEnv(config.label, catalogSize, url, "http://127.0.0.1", "http://127.0.0.1"));
  return url;
}

/** Listing warm-up, the timed listing run, the checkout run, into `run` (kept if a later step fails); the cluster is always stopped. */
async function measure(config: Config, catalogSize: number, run: ScaleRun): Promise<void> {
  const s = scaleSettings;
  console.log(`bench: scale — ${config.name}: fresh database, sandbox server (${catalogSize} SKUs), next start…`);
  const databaseUrl = await freshDatabase(config, catalogSize);
  const cluster: Cluster = await startCluster({
    label: config.label,
    databaseUrl,
    instances: config.instances,
    catalogSize,
  });
  const stopOnSignal = () => void cluster.stop().finally(() => process.exit(130));
  process.once("SIGINT", stopOnSignal);
  process.once("SIGTERM", stopOnSignal);
  try {
    run.readyS = Math.round(cluster.readyS * 10) / 10;
    // Plenty of URLs: the deadline ends the run, never the list.
    const urls = Array.from({ length: 200_000 }, (_, i) => cluster.url + s.listingMix[i % s.listingMix.length]);
    console.log(
      `bench: scale — ${config.name}: ready in ${run.readyS} s; listing, ${s.listingClients} clients, ${s.listingS} s…`,
    );
    await runLoad(urls, s.listingClients, hasProductLink, 30_000, performance.now() + s.warmupS * 1000);
    run.listing = await runLoad(urls, s.listingClients, hasProductLink, 30_000, performance.now() + s.listingS * 1000);
    console.log(`bench: scale — ${config.name}: checkout, ${s.shoppers} shoppers, ${s.checkoutS} s, then drain…`);
    run.checkout = await runCheckoutLoad(cluster.url, s.shoppers, s.checkoutS);
    const { requests, rateLimited } = await sandboxStats(cluster.sandboxUrl);
    run.sandbox = { requests, rateLimited };
    if (config.instances > 1) run.forwarded = cluster.forwarded();
    run.loadAvgAfter = loadAvg();
  } finally {
    process.off("SIGINT", stopOnSignal);
    process.off("SIGTERM", stopOnSignal);
    await cluster.stop();
  }
}

/** Runs every configuration; one that fails is recorded with its error and the next still runs. */
export async function runScalePhase(catalogSize: number): Promise<ScaleFigures | { notMeasured: string }> {
  const unavailable = await postgresUnavailable();
  if (unavailable) {
    console.log(`bench: scale phase skipped — ${unavailable}`);
    return { notMeasured: unavailable };
  }
  const started = performance.now();
  const runs: ScaleRun[] = [];
  for (const config of configs) {
    const run: ScaleRun = { config: config.name, database: config.database, instances: config.instances };
    runs.push(run);
    try {
      await measure(config, catalogSize, run);
    } catch (error) {
      run.error = error instanceof Error ? error.message.split("\n")[0] : String(error);
      console.log(`bench: scale — ${config.name} failed: ${run.error}`);
    }
  }
  return { ...scaleSettings, catalogSize, runs, seconds: Math.round((performance.now() - started) / 1000) };
}
