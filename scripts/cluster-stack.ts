// The deployment's topology on one machine, without containers: the sandbox upstream, two
// standalone servers of one build on ONE PostgreSQL database, and nginx in front with the file
// compose uses (deploy/nginx/shop.conf.template). `npm run cluster` (scripts/cluster-up.ts) and
// the end-to-end "through the proxy" test start it here. docs/deployment.md#without-containers
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrateDeploy, startSandboxServer, startStandaloneInstance, type Proc } from "./cluster";
import { startNginx } from "./cluster-nginx";
import { prepareStandalone } from "./standalone-assets.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** What every replica must share (docs/deployment.md#replicas-and-secrets), and the sandbox's key. */
export type StackSecrets = {
  CODES_ENCRYPTION_KEY: string;
  NEXTAUTH_SECRET: string;
  NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: string;
  SANDBOX_API_KEY: string;
  UPSTREAM_WEBHOOK_SECRET: string;
};

export function freshSecrets(): StackSecrets {
  return {
    CODES_ENCRYPTION_KEY: crypto.randomBytes(32).toString("hex"),
    NEXTAUTH_SECRET: crypto.randomBytes(32).toString("base64url"),
    // AES-256 as Next reads it: 32 bytes, base64.
    NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: crypto.randomBytes(32).toString("base64"),
    SANDBOX_API_KEY: `sbx_${crypto.randomBytes(24).toString("hex")}`,
    UPSTREAM_WEBHOOK_SECRET: `whsec_${crypto.randomBytes(24).toString("hex")}`,
  };
}

export type StackOptions = {
  databaseUrl: string;
  /** The build whose standalone server runs (NEXT_DIST_DIR at build time). */
  distDir: string;
  /** nginx listens here; the replicas and the sandbox take any free ports given. */
  ports: { proxy: number; replicas: [number, number]; sandbox: number };
  /** Per-run files: nginx's configuration, cache and access log; the sandbox's and images' state. */
  dir: string;
  secrets: StackSecrets;
  /** More variables for the replicas (and scripts), e.g. RATE_LIMIT_EXEMPT for test rigs. */
  env?: Record<string, string>;
  log?: boolean;
};

export type Stack = {
  url: string;
  sandbox: Proc;
  replicas: [Proc, Proc];
  nginx: Proc & { accessLog: string };
  /** The replicas' variables (scripts run against the same database with them). */
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
};

/** Migrates, seeds, then starts sandbox, replicas and nginx; stops what started if a step fails. */
export async function startStack(opts: StackOptions): Promise<Stack> {
  const dir = path.resolve(root, opts.dir);
  fs.mkdirSync(dir, { recursive: true });
  prepareStandalone(opts.distDir);
  const url = `http://127.0.0.1:${opts.ports.proxy}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...opts.secrets,
    // A demo against the sandbox server; nginx is the one proxy that appends X-Forwarded-For.
    DEMO_MODE: "true",
    TRUSTED_PROXY_HOPS: "1",
    DATABASE_URL: opts.databaseUrl,
    DATABASE_POOL_SIZE: "5",
    APP_URL: url,
    NEXTAUTH_URL: url,
    SANDBOX_ENABLED: "false",
    TEST_PRODUCTS_ENABLED: "true",
    UPSTREAM_BASE_URL: `http://127.0.0.1:${opts.ports.sandbox}/sandbox/v1`,
    UPSTREAM_API_KEY: opts.secrets.SANDBOX_API_KEY,
    BACKGROUND_JOBS: "true",
    ...opts.env,
  };
  migrateDeploy(opts.databaseUrl);
  execFileSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "prisma/seed.ts"], {
    cwd: root,
    env,
    stdio: "ignore",
  });

  const started: Proc[] = [];
  const stop = async () => {
    for (const proc of started.reverse()) await proc.stop();
  };
  try {
    const sandbox = await startSandboxServer({
      port: opts.ports.sandbox,
      log: opts.log,
      env: {
        ...env,
        SANDBOX_DB_PATH: path.join(dir, "sandbox.db"),
        // Webhooks reach the shop as a real supplier's would: through the proxy.
        SANDBOX_WEBHOOK_URL: `${url}/api/webhooks/upstream`,
      },
    });
    started.push(sandbox);
    // Both at once (each starts its catalog scheduler; one may sync); both are stopped if either fails.
    const settled = await Promise.allSettled(
      opts.ports.replicas.map((port, i) =>
        startStandaloneInstance({
          name: `replica ${i + 1}`,
          port,
          distDir: opts.distDir,
          log: opts.log,
          env: { ...env, IMAGE_CACHE_DIR: path.join(dir, `replica-${i + 1}`, "image-cache") },
        }),
      ),
    );
    for (const s of settled) if (s.status === "fulfilled") started.push(s.value);
    const failed = settled.find((s) => s.status === "rejected");
    if (failed) throw failed.reason;
    const replicas = started.slice(1) as [Proc, Proc];
    const nginx = await startNginx({
      port: opts.ports.proxy,
      upstreams: [`127.0.0.1:${opts.ports.replicas[0]}`, `127.0.0.1:${opts.ports.replicas[1]}`],
      dir: path.join(dir, "nginx"),
      log: opts.log,
    });
    started.push(nginx);
    return { url, sandbox, replicas, nginx, env, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
