// Runs one catalog sync from the command line: `node --conditions=react-server --import tsx
// scripts/sync.ts [full|delta]`. With the built-in sandbox configured it talks to it
// in-process, so the catalog can be filled before the server starts.
import nextEnv from "@next/env";

nextEnv.loadEnvConfig(process.cwd());

async function main(): Promise<number> {
  const kind = process.argv[2] ?? "full";
  if (kind !== "full" && kind !== "delta") {
    console.error("usage: scripts/sync.ts [full|delta]");
    return 2;
  }
  // Imported only after .env is loaded: lib/env parses process.env on first use.
  const { env } = await import("@/lib/env");
  const { db } = await import("@/lib/db");
  const upstream = await import("@/lib/upstream");
  const { runCatalogSync } = await import("@/lib/catalog/sync");

  let client = upstream.getUpstream();
  if (env.SANDBOX_ENABLED && env.UPSTREAM_BASE_URL.startsWith(`${env.APP_URL}/sandbox`)) {
    const { getSandbox } = await import("@/lib/sandbox");
    client = new upstream.UpstreamClient({
      baseUrl: env.UPSTREAM_BASE_URL,
      apiKey: env.UPSTREAM_API_KEY,
      fetch: getSandbox().fetch,
      budget: new upstream.DbBudget({ db, apiKey: env.UPSTREAM_API_KEY, limit: env.UPSTREAM_RATE_LIMIT }),
      timeoutMs: env.UPSTREAM_TIMEOUT_MS,
      signingPrivateKey: upstream.normalisePem(env.UPSTREAM_SIGNING_PRIVATE_KEY),
      decryptionPrivateKey: upstream.normalisePem(env.UPSTREAM_DECRYPTION_PRIVATE_KEY),
    });
  }
  const run = await runCatalogSync({ kind, trigger: "manual" }, { client });
  const seconds = run.finishedAt ? ((run.finishedAt.getTime() - run.startedAt.getTime()) / 1000).toFixed(1) : "?";
  console.log(
    `catalog ${run.kind} sync ${run.status} in ${seconds}s: ${run.pages} pages, ${run.upstreamCalls} calls, ` +
      `+${run.added} ~${run.updated} -${run.removed}${run.error ? ` (${run.error})` : ""}`,
  );
  await db.$disconnect();
  return run.status === "succeeded" ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error("sync failed:", error instanceof Error ? error.message : "unknown error");
    process.exit(1);
  },
);
