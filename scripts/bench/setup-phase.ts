// Bench child: a seeded shop database with the catalog synced from the sandbox file the
// parent's env names (like `npm run setup`), for phases that only need a working shop.
import { printResult } from "./child";

async function main(): Promise<void> {
  const { env } = await import("@/lib/env");
  const { db } = await import("@/lib/db");
  const { createSandbox } = await import("@/lib/sandbox");
  const { UpstreamClient } = await import("@/lib/upstream");
  const { runCatalogSync } = await import("@/lib/catalog/sync");
  await (await import("@/lib/seed")).seedDefaults();
  const baseUrl = `${env.APP_URL}/sandbox/v1`;
  const sandbox = createSandbox({
    dbPath: env.SANDBOX_DB_PATH,
    apiKey: env.SANDBOX_API_KEY,
    catalogSize: env.SANDBOX_CATALOG_SIZE,
    seed: 1,
    rateLimit: env.SANDBOX_RATE_LIMIT,
    baseUrl,
  });
  const client = new UpstreamClient({ baseUrl, apiKey: env.SANDBOX_API_KEY, fetch: sandbox.fetch, budget: null });
  const run = await runCatalogSync({ kind: "full", trigger: "manual" }, { client });
  if (run.status !== "succeeded") throw new Error(`catalog sync ${run.status}: ${run.error}`);
  sandbox.close();
  await db.$disconnect();
  printResult({ synced: run.added });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error("bench setup phase failed:", error instanceof Error ? error.stack : error);
    process.exit(1);
  },
);
