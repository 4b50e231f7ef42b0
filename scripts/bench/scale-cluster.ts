// One configuration of the scale phase as separate processes, as it would be deployed: the
// sandbox upstream as its own server (one wallet, one rate limit, one order book for every
// instance), `next start` instances of the bench build on one database and, for more than one,
// the balancer in front. Fixed ports 3300–3309: the machine is shared and 3200 is the HTTP phase's.
import net from "node:net";
import { startBalancer, startSandboxServer, startShopInstance, type Balancer, type Proc } from "../cluster";
import { benchApiKey, benchDistDir, benchEnv, benchPaths } from "./env";

const ports = { sandbox: 3300, balancer: 3301, firstInstance: 3302, lastInstance: 3309 };
const url = (port: number) => `http://127.0.0.1:${port}`;

export type Cluster = {
  /** Where shoppers (and the sandbox's webhooks) go: the balancer, or the only instance. */
  url: string;
  /** Each instance's own address (the load phase's shoppers go straight to one, as their own client). */
  instanceUrls: string[];
  sandboxUrl: string;
  /** Time from the first instance's start until every instance answered /api/ready (includes the catalog sync). */
  readyS: number;
  /** Requests the balancer sent to each instance (empty for one instance). */
  forwarded(): Record<string, number>;
  stop(): Promise<void>;
};

/** Throws when something else already listens on `port` (it would answer our readiness checks). */
async function assertPortFree(port: number): Promise<void> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", (e: NodeJS.ErrnoException) =>
      reject(new Error(`port ${port} is in use (${e.code}); the scale phase needs 3300–3309`)),
    );
    server.listen(port, "127.0.0.1", () => resolve());
  });
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** A shop instance's variables: benchEnv, but on `databaseUrl`, against the sandbox server, with jobs on. */
export function instanceEnv(
  label: string,
  catalogSize: number,
  databaseUrl: string,
  frontUrl: string,
  sandboxUrl: string,
): NodeJS.ProcessEnv {
  return {
    ...benchEnv(label, catalogSize),
    DATABASE_URL: databaseUrl,
    // No in-process sandbox: every upstream call goes to the shared sandbox server. The shop
    // still has to sell its TEST-* SKUs (the checkout run buys TEST-INSTANT), which it does by
    // default only with SANDBOX_ENABLED on.
    SANDBOX_ENABLED: "false",
    TEST_PRODUCTS_ENABLED: "true",
    UPSTREAM_BASE_URL: `${sandboxUrl}/sandbox/v1`,
    UPSTREAM_API_KEY: benchApiKey,
    // Catalog sync at start (one instance wins the lease), the reconciler, webhook upkeep.
    BACKGROUND_JOBS: "true",
    APP_URL: frontUrl,
    NEXTAUTH_URL: frontUrl,
    SANDBOX_WEBHOOK_URL: `${frontUrl}/api/webhooks/upstream`,
  };
}

/** Starts sandbox, instances and balancer; on any failure stops what did start, then rethrows. */
export async function startCluster(opts: {
  label: string;
  databaseUrl: string;
  instances: number;
  catalogSize: number;
  /** Variables laid over every process's (sandbox and instances), e.g. the real rate limits. */
  env?: Record<string, string>;
}): Promise<Cluster> {
  const instanceUrls = Array.from({ length: opts.instances }, (_, i) => url(ports.firstInstance + i));
  if (instanceUrls.length > ports.lastInstance - ports.firstInstance + 1)
    throw new Error("too many instances for ports 3302–3309");
  const sandboxUrl = url(ports.sandbox);
  const frontUrl = opts.instances > 1 ? url(ports.balancer) : instanceUrls[0];
  for (const port of [ports.sandbox, ports.balancer, ...instanceUrls.map((u) => Number(new URL(u).port))])
    await assertPortFree(port);

  const procs: Proc[] = [];
  let balancer: Balancer | null = null;
  const stop = async () => {
    await balancer?.close();
    // Instances first, so none is mid-purchase against a sandbox that is already gone.
    await Promise.all(procs.filter((p) => p.name !== "sandbox").map((p) => p.stop()));
    await Promise.all(procs.filter((p) => p.name === "sandbox").map((p) => p.stop()));
  };
  try {
    procs.push(
      await startSandboxServer({
        port: ports.sandbox,
        env: {
          ...benchEnv(opts.label, opts.catalogSize),
          APP_URL: sandboxUrl,
          SANDBOX_DB_PATH: `./${benchPaths(opts.label).sandboxDb}`,
          SANDBOX_CATALOG_SIZE: String(opts.catalogSize),
          SANDBOX_WEBHOOK_URL: `${frontUrl}/api/webhooks/upstream`,
          // Thousands of $1 test orders must not run the wallet dry (a 402 would look like a shop failure).
          SANDBOX_INITIAL_BALANCE: "1000000.00",
          ...opts.env,
        },
      }),
    );
    if (opts.instances > 1) balancer = await startBalancer(() => instanceUrls, ports.balancer);
    const env = { ...instanceEnv(opts.label, opts.catalogSize, opts.databaseUrl, frontUrl, sandboxUrl), ...opts.env };
    const started = performance.now();
    // All at once, as a deployment would: the sync lease lets one instance sync, the others wait for its catalog.
    const results = await Promise.allSettled(
      instanceUrls.map((u, i) =>
        startShopInstance({
          name: `shop-${i + 1}`,
          port: Number(new URL(u).port),
          distDir: benchDistDir,
          env,
          readyTimeoutMs: 300_000,
        }),
      ),
    );
    for (const r of results) if (r.status === "fulfilled") procs.push(r.value);
    const failed = results.find((r) => r.status === "rejected");
    if (failed) throw (failed as PromiseRejectedResult).reason;
    const readyS = (performance.now() - started) / 1000;
    return {
      url: frontUrl,
      instanceUrls,
      sandboxUrl,
      readyS,
      forwarded: () => Object.fromEntries(balancer?.forwarded ?? []),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
