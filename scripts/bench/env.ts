// Environment of the bench's child processes (sync, checkout, next build/start): like
// scripts/e2e-server.mjs, but with its own dist dir, port and data folder per catalog size.
import crypto from "node:crypto";
import path from "node:path";

export const benchRoot = "data/bench";
/** BENCH_PORT lets two checkouts run the bench on one machine. */
export const benchPort = Number(process.env.BENCH_PORT ?? 3200);
/** nginx of the HTTP phase, in front of that `next start` (BENCH_PROXY_PORT, default BENCH_PORT + 100). */
export const benchProxyPort = Number(process.env.BENCH_PROXY_PORT ?? benchPort + 100);
export const benchDistDir = ".next-bench";
// A production build refuses secrets published in the repository: fresh ones for each bench run.
const random = (bytes: number) => crypto.randomBytes(bytes).toString("hex");
export const benchApiKey = `sbx_${random(24)}`;
const benchSecrets = {
  UPSTREAM_WEBHOOK_SECRET: `whsec_${random(24)}`,
  CODES_ENCRYPTION_KEY: random(32),
  NEXTAUTH_SECRET: random(32),
};

/** Where one run keeps its databases: data/bench/<label>/{shop,sandbox}.db. */
export function benchPaths(label: string | number) {
  const dir = path.join(benchRoot, String(label));
  return { dir, shopDb: path.join(dir, "shop.db"), sandboxDb: path.join(dir, "sandbox.db") };
}

/** Variables for every child: production mode, loopback only, no background jobs. */
export function benchEnv(label: string | number, catalogSize: number): NodeJS.ProcessEnv {
  const { shopDb, sandboxDb } = benchPaths(label);
  const url = `http://127.0.0.1:${benchPort}`;
  return {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    NEXT_DIST_DIR: benchDistDir,
    PORT: String(benchPort),
    APP_URL: url,
    DATABASE_URL: `file:./${shopDb}`,
    SANDBOX_ENABLED: "true",
    SANDBOX_DB_PATH: `./${sandboxDb}`,
    SANDBOX_API_KEY: benchApiKey,
    SANDBOX_CATALOG_SIZE: String(catalogSize),
    SANDBOX_SETTLE_MS: "3000",
    // The bench measures the shop, not the per-key window: both sides lift it (labelled in the report).
    SANDBOX_RATE_LIMIT: "1000000",
    UPSTREAM_RATE_LIMIT: "1000000",
    SANDBOX_WEBHOOK_URL: "",
    ...benchSecrets,
    // A demo build (sandbox, TEST card); the load comes from this machine, so no per-client limit applies.
    DEMO_MODE: "true",
    RATE_LIMIT_EXEMPT: "127.0.0.1,::1",
    NEXTAUTH_URL: url,
    BACKGROUND_JOBS: "false",
  };
}
