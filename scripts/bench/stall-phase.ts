// Bench child: `stall-phase.ts <size>`. Does a full catalog sync freeze the shop? Every listed
// SKU is re-priced in the sandbox, then `next start` runs with its background jobs on and a
// full sync scheduled `triggerS` seconds after start, in the web process as in production.
// Meanwhile one client requests product pages back to back and one shopper orders TEST-INSTANT
// and waits for delivery, again and again. Each sample is filed under every phase of the sync it
// overlapped (before the run, fetching pages, applying, after); the report shows the worst of each.
// Prints one BENCH_RESULT line.
import fs from "node:fs";
import { printResult } from "./child";
import { placeTestOrder, waitDelivered } from "./order-probe";
import { benchBaseUrl, startBenchServer } from "./server";
import { summarise, type Summary } from "./stats";

const triggerS = 25;
type Phase = "before" | "fetch" | "apply" | "after";
type Sample = { at: number; ms: number; ok: boolean };
export type StallWindow = { pages: Summary; pageErrors: number; orders: Summary; undelivered: number };
export type StallFigures = {
  size: number;
  repriced: number;
  run: { status: string; updated: number; added: number; fetchS: number; applyS: number } | null;
  windows: Partial<Record<Phase, StallWindow>>;
  shopDbMiB: { before: number; after: number };
};

const mib = (file: string) => {
  const size = (f: string) => (fs.existsSync(f) ? fs.statSync(f).size : 0);
  return Math.round(((size(file) + size(`${file}-wal`)) / 2 ** 20) * 10) / 10;
};

async function main(): Promise<void> {
  const size = Number(process.argv[2]);
  const { env } = await import("@/lib/env");
  const { db, Prisma } = await import("@/lib/db");
  const { createSandbox } = await import("@/lib/sandbox");
  const shopDb = env.DATABASE_URL.replace(/^file:/, "");
  const sandbox = createSandbox({
    dbPath: env.SANDBOX_DB_PATH,
    apiKey: env.SANDBOX_API_KEY,
    catalogSize: size,
    seed: 1,
    rateLimit: env.SANDBOX_RATE_LIMIT,
  });
  const listed = await db.product.findMany({
    where: { listed: true, productType: { not: "test" } },
    select: { itemCode: true, price: true },
  });
  sandbox.control.publishChanges({
    priceChanges: Object.fromEntries(
      listed.map((p) => [p.itemCode, new Prisma.Decimal(p.price).times("1.01").toFixed(2)]),
    ),
  });
  sandbox.close();
  const before = mib(shopDb);
  const codes = listed.filter((_, i) => i % Math.max(1, Math.floor(listed.length / 200)) === 0).map((p) => p.itemCode);

  const serverEnv = {
    ...process.env,
    BACKGROUND_JOBS: "true",
    CATALOG_DELTA_INTERVAL_S: "0",
    CATALOG_FULL_INTERVAL_S: String(triggerS),
  };
  const startedAt = new Date();
  const server = await startBenchServer(serverEnv);
  const pages: Sample[] = [];
  const orders: Sample[] = [];
  const phases: { at: number; phase: Phase }[] = [{ at: performance.now(), phase: "before" }];
  let stop = false;
  let run: StallFigures["run"] = null;
  try {
    const pageProbe = (async () => {
      for (let i = 0; !stop; i++) {
        const at = performance.now();
        const res = await fetch(`${benchBaseUrl}/p/${encodeURIComponent(codes[i % codes.length])}`, {
          signal: AbortSignal.timeout(60_000),
        }).catch(() => null);
        await res?.arrayBuffer().catch(() => undefined);
        pages.push({ at, ms: performance.now() - at, ok: res?.status === 200 });
      }
    })();
    const orderProbe = (async () => {
      while (!stop) {
        const at = performance.now();
        const ok = await placeTestOrder(benchBaseUrl, "TEST-INSTANT").then(
          (token) => waitDelivered(benchBaseUrl, token),
          () => false,
        );
        orders.push({ at, ms: performance.now() - at, ok });
      }
    })();
    // Watch the scheduled run: running → every page fetched (pages = lastPage) → finished.
    const deadline = performance.now() + 20 * 60_000;
    while (performance.now() < deadline) {
      const r = await db.syncRun.findFirst({
        where: { kind: "full", startedAt: { gte: startedAt }, status: { not: "skipped" } },
        orderBy: { startedAt: "asc" },
      });
      const current = phases[phases.length - 1].phase;
      if (r && current === "before") phases.push({ at: performance.now(), phase: "fetch" });
      if (r && r.lastPage !== null && r.pages >= r.lastPage && phases[phases.length - 1].phase === "fetch")
        phases.push({ at: performance.now(), phase: "apply" });
      if (r && r.status !== "running") {
        if (phases[phases.length - 1].phase === "fetch") phases.push({ at: performance.now(), phase: "apply" });
        phases.push({ at: performance.now(), phase: "after" });
        const at = (p: Phase) => phases.find((x) => x.phase === p)!.at;
        run = {
          status: r.status,
          updated: r.updated,
          added: r.added,
          fetchS: (at("apply") - at("fetch")) / 1000,
          applyS: (at("after") - at("apply")) / 1000,
        };
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 3000));
    stop = true;
    await Promise.all([pageProbe, orderProbe]);
  } finally {
    await server.stop();
  }
  // A sample counts in every phase it overlaps: a request frozen by the apply belongs to "apply".
  const span = (phase: Phase) => {
    const i = phases.findIndex((p) => p.phase === phase);
    return i < 0 ? null : { from: phases[i].at, to: phases[i + 1]?.at ?? Number.POSITIVE_INFINITY };
  };
  const windows: StallFigures["windows"] = {};
  for (const phase of ["before", "fetch", "apply", "after"] as Phase[]) {
    const w = span(phase);
    if (!w) continue;
    const overlaps = (s: Sample) => s.at < w.to && s.at + s.ms > w.from;
    const p = pages.filter(overlaps);
    const o = orders.filter(overlaps);
    if (p.length || o.length) {
      windows[phase] = {
        pages: summarise(p.map((s) => s.ms)),
        pageErrors: p.filter((s) => !s.ok).length,
        orders: summarise(o.map((s) => s.ms)),
        undelivered: o.filter((s) => !s.ok).length,
      };
    }
  }
  printResult({
    size,
    repriced: listed.length,
    run,
    windows,
    shopDbMiB: { before, after: mib(shopDb) },
  } satisfies StallFigures);
  await db.$disconnect();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error("bench stall phase failed:", error instanceof Error ? error.stack : error);
    process.exit(1);
  },
);
