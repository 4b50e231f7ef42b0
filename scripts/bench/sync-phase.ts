// Bench child: `sync-phase.ts <size>`. With DATABASE_URL / SANDBOX_DB_PATH already pointing at
// a fresh data/bench/<size>/ (the parent's env), it generates the sandbox catalog, times a
// full sync through a counting fetch, publishes 100 price changes, runs a delta, and picks
// the URLs the HTTP phase will request. Prints one BENCH_RESULT line.
import { printResult } from "./child";
import { createCountingFetch } from "./counting-fetch";

async function main(): Promise<void> {
  const size = Number(process.argv[2]);
  const { env } = await import("@/lib/env");
  const { db, Prisma } = await import("@/lib/db");
  const { createSandbox } = await import("@/lib/sandbox");
  const { UpstreamClient, DbBudget } = await import("@/lib/upstream");
  const { runCatalogSync } = await import("@/lib/catalog/sync");
  const { seedDefaults } = await import("@/lib/seed");

  await seedDefaults(); // the default markup rule, as `npm run setup` creates it
  let t = performance.now();
  const sandbox = createSandbox({
    dbPath: env.SANDBOX_DB_PATH,
    apiKey: env.SANDBOX_API_KEY,
    catalogSize: size,
    seed: 1,
    rateLimit: env.SANDBOX_RATE_LIMIT,
    baseUrl: `${env.APP_URL}/sandbox/v1`,
  });
  const generateS = (performance.now() - t) / 1000;
  const counter = createCountingFetch(sandbox.fetch);
  const client = new UpstreamClient({
    baseUrl: `${env.APP_URL}/sandbox/v1`,
    apiKey: env.SANDBOX_API_KEY,
    fetch: counter.fetch,
    budget: new DbBudget({ db, apiKey: env.SANDBOX_API_KEY, limit: env.UPSTREAM_RATE_LIMIT }),
  });

  t = performance.now();
  const full = await runCatalogSync({ kind: "full", trigger: "manual" }, { client });
  const fullS = (performance.now() - t) / 1000;
  const fullCalls = counter.byRoute();
  const fullUpstreamS = counter.upstreamMs() / 1000;
  if (full.status !== "succeeded") throw new Error(`full sync ${full.status}: ${full.error}`);

  const listed = await db.product.findMany({
    where: { listed: true, productType: { not: "test" } },
    select: { itemCode: true, price: true, brandName: true, region: true, productType: true, familySlug: true },
    orderBy: { itemCode: "asc" },
  });
  const every = (n: number) =>
    listed.filter((_, i) => i % Math.max(1, Math.floor(listed.length / n)) === 0).slice(0, n);
  const priceChanges = Object.fromEntries(
    every(100).map((p) => [p.itemCode, new Prisma.Decimal(p.price).plus("1.00").toFixed(2)]),
  );
  sandbox.control.publishChanges({ priceChanges });
  counter.reset();
  t = performance.now();
  const delta = await runCatalogSync({ kind: "delta", trigger: "manual" }, { client });
  const deltaS = (performance.now() - t) / 1000;
  if (delta.status !== "succeeded") throw new Error(`delta sync ${delta.status}: ${delta.error}`);
  const deltaFigures = {
    changes: Object.keys(priceChanges).length,
    seconds: deltaS,
    upstreamS: counter.upstreamMs() / 1000,
    calls: counter.total(),
    byRoute: counter.byRoute(),
    run: pickRun(delta),
  };

  // A bulk re-price of 1,000 SKUs, its delta, then the next scheduled delta (5 minutes later,
  // nothing published in between): what an idle delta costs after a bulk change.
  const bulk = Object.fromEntries(
    every(1000).map((p) => [p.itemCode, new Prisma.Decimal(p.price).plus("2.00").toFixed(2)]),
  );
  // Deltas run every 5 minutes: the one after the change, then the next one (shop clock moved on).
  sandbox.control.publishChanges({ priceChanges: bulk });
  counter.reset();
  const bulkRun = await runCatalogSync(
    { kind: "delta", trigger: "schedule" },
    { client, now: () => new Date(Date.now() + 5 * 60_000) },
  );
  const bulkCalls = counter.total();
  counter.reset();
  const idleRun = await runCatalogSync(
    { kind: "delta", trigger: "schedule" },
    { client, now: () => new Date(Date.now() + 10 * 60_000) },
  );
  const idleCalls = counter.total();
  if (bulkRun.status !== "succeeded" || idleRun.status !== "succeeded")
    throw new Error("bulk or idle delta sync failed");

  printResult({
    size,
    generateS,
    full: {
      seconds: fullS,
      upstreamS: fullUpstreamS,
      calls: Object.values(fullCalls).reduce((a, b) => a + b, 0),
      byRoute: fullCalls,
      run: pickRun(full),
    },
    delta: deltaFigures,
    bulkDelta: { changes: Object.keys(bulk).length, calls: bulkCalls, updated: bulkRun.updated, idleCalls },
    productsListed: listed.length,
    http: { ...pickHttpTargets(listed), categorySlug: await biggestCategorySlug() },
  });
  sandbox.close();
  await db.$disconnect();
}

/** The shelf with the most listed products: the category page the HTTP phase requests. */
async function biggestCategorySlug(): Promise<string> {
  const { db } = await import("@/lib/db");
  const groups = await db.product.groupBy({
    by: ["categoryId"],
    where: { listed: true, hidden: false, productType: { not: "test" } },
    _count: { _all: true },
  });
  const top = groups.sort((a, b) => b._count._all - a._count._all)[0];
  return (await db.category.findUniqueOrThrow({ where: { id: top.categoryId } })).slug;
}

type Run = { kind: string; pages: number; upstreamCalls: number; added: number; updated: number; removed: number };
const pickRun = (r: Run) => ({
  kind: r.kind,
  pages: r.pages,
  upstreamCalls: r.upstreamCalls,
  added: r.added,
  updated: r.updated,
  removed: r.removed,
});

/** Product codes and families spread over the catalog, and the commonest brand word × region for the search. */
function pickHttpTargets(
  listed: { itemCode: string; brandName: string; region: string; productType: string; familySlug: string }[],
) {
  const groups = new Map<string, number>();
  for (const p of listed) {
    if (p.productType !== "gift_card") continue;
    const key = `${p.brandName.split(/\s+/)[0].toLowerCase()}|${p.region}`;
    groups.set(key, (groups.get(key) ?? 0) + 1);
  }
  const [word, region] = [...groups.entries()].sort((a, b) => b[1] - a[1])[0][0].split("|");
  const step = Math.max(1, Math.floor(listed.length / 200));
  const productCodes = listed
    .filter((_, i) => i % step === 0)
    .slice(0, 200)
    .map((p) => p.itemCode);
  // Family pages rotate over the families of those SKUs.
  const familySlugs = [...new Set(listed.filter((_, i) => i % step === 0).map((p) => p.familySlug))].slice(0, 100);
  return { searchWord: word, searchRegion: region, productCodes, familySlugs };
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error("bench sync phase failed:", error instanceof Error ? error.stack : error);
    process.exit(1);
  },
);
