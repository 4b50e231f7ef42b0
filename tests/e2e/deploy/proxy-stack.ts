// The whole shop behind nginx for a deploy spec: its own PostgreSQL database (dropped and made
// anew), two standalone replicas of the e2e build, the sandbox and nginx with the deployment's
// configuration (scripts/cluster-stack.ts). Skipped where nginx is not installed, except in CI.
import { test } from "@playwright/test";
import { freePort } from "../../../scripts/cluster";
import { findNginx } from "../../../scripts/cluster-nginx";
import { freshSecrets, startStack, type Stack } from "../../../scripts/cluster-stack";
import { databaseUrl, testDbPrefix, withAdmin } from "../../helpers/postgres";

/** Starts the stack for the test file `name` (its database is `<prefix><name>_e2e`), with `env` added. */
export async function startProxyStack(name: string, env: Record<string, string>): Promise<Stack> {
  test.skip(
    !findNginx() && !process.env.CI,
    "nginx is not installed here (Debian: apt-get install nginx); CI installs it and runs this",
  );
  test.setTimeout(300_000);
  const dbName = proxyStackDb(name);
  await withAdmin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await c.query(`CREATE DATABASE "${dbName}"`);
  });
  const [proxy, a, b, sandbox] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const stack = await startStack({
    databaseUrl: databaseUrl(dbName),
    // The build the e2e server made (scripts/e2e-server.mjs); its standalone server is what runs here.
    distDir: ".next-e2e",
    ports: { proxy, replicas: [a, b], sandbox },
    dir: `data/e2e/${name.replace(/_/g, "-")}-${process.pid}`,
    secrets: freshSecrets(),
    // The browser is on this machine: nginx reports 127.0.0.1 as the client.
    env: { RATE_LIMIT_EXEMPT: "127.0.0.1,::1", SANDBOX_CATALOG_SIZE: "300", ...env },
  });
  return stack;
}

/** The database of the stack for the test file `name`. */
export const proxyStackDb = (name: string) => `${testDbPrefix}${name}_e2e`;
