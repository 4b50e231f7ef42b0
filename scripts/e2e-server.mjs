// Starts the shop for end-to-end tests: a fresh database and sandbox under data/e2e, the
// catalog synced from the sandbox, a production build in its own folder, then `next start`.
import { execSync, spawn } from "node:child_process";
import fs from "node:fs";

const port = process.env.E2E_PORT ?? "3100";
const env = {
  ...process.env,
  NODE_ENV: "production",
  NEXT_TELEMETRY_DISABLED: "1",
  NEXT_DIST_DIR: ".next-e2e",
  PORT: port,
  APP_URL: `http://localhost:${port}`,
  DATABASE_URL: "file:./data/e2e/shop.db",
  SANDBOX_ENABLED: "true",
  SANDBOX_DB_PATH: "./data/e2e/sandbox.db",
  SANDBOX_API_KEY: "sandbox_test_key_0123456789",
  SANDBOX_SETTLE_MS: "3000",
  SANDBOX_CATALOG_SIZE: "300",
  UPSTREAM_WEBHOOK_SECRET: "whsec_e2e_secret",
  CODES_ENCRYPTION_KEY: "e2e0".repeat(16),
  NEXTAUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret",
  NEXTAUTH_URL: `http://localhost:${port}`,
  RECONCILE_INTERVAL_MS: "1000",
  BACKGROUND_JOBS: "true",
};
const tsx = "node --conditions=react-server --import tsx";
const sh = (cmd) => execSync(cmd, { stdio: "inherit", env });

fs.rmSync("data/e2e", { recursive: true, force: true });
fs.mkdirSync("data/e2e", { recursive: true });
sh("npx prisma migrate deploy");
sh(`${tsx} prisma/seed.ts`);
env.E2E_OWNER_PASSWORD ??= "e2e-owner-password-0123";
sh(`${tsx} scripts/create-owner.ts owner@e2e.test --password-env E2E_OWNER_PASSWORD`);
sh(`${tsx} scripts/sync.ts full`);
if (!process.env.E2E_SKIP_BUILD) sh("npx next build");

const server = spawn("npx", ["next", "start", "-p", port], { stdio: "inherit", env });
const stop = () => server.kill("SIGTERM");
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
server.on("exit", (code) => process.exit(code ?? 0));
