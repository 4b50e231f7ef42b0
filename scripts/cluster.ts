// Several processes of the shop on one machine, for the scale-out test, the benchmark and
// `npm run cluster` (scripts/cluster-stack.ts): the sandbox upstream as its own server,
// `next start` or standalone instances on one database, and a small
// load balancer (random target, skips a target that refuses connections, like a proxy's
// passive health check). Every process gets its own process group, so stop() and kill()
// reach the workers it forks.
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export type Proc = {
  name: string;
  url: string;
  child: ChildProcess;
  /** SIGTERM to the group, SIGKILL after 5 s. */
  stop(): Promise<void>;
  /** SIGKILL to the group at once: a crash, not a shutdown. */
  kill(): Promise<void>;
};

export function launch(
  name: string,
  url: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  log: boolean,
  command: string = process.execPath,
): Proc & { exited: () => boolean } {
  const child = spawn(command, args, {
    cwd: root,
    env,
    detached: true,
    stdio: ["ignore", log ? "inherit" : "ignore", "inherit"],
  });
  let exited = false;
  const exit = new Promise<void>((resolve) => child.on("exit", () => ((exited = true), resolve())));
  const signal = (sig: NodeJS.Signals) => {
    if (!exited && child.pid !== undefined) {
      try {
        process.kill(-child.pid, sig);
      } catch {
        // already gone
      }
    }
  };
  return {
    name,
    url,
    child,
    exited: () => exited,
    async stop() {
      signal("SIGTERM");
      const killer = setTimeout(() => signal("SIGKILL"), 5000);
      await exit;
      clearTimeout(killer);
    },
    async kill() {
      signal("SIGKILL");
      await exit;
    },
  };
}

export async function waitFor(
  proc: ReturnType<typeof launch>,
  check: () => Promise<boolean>,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (proc.exited()) throw new Error(`${proc.name} exited before it was ready`);
    if (Date.now() > deadline) {
      await proc.stop();
      throw new Error(`${proc.name} was not ready after ${timeoutMs} ms`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The sandbox upstream on `port` (scripts/sandbox-server.ts); env carries SANDBOX_* settings. */
export async function startSandboxServer(opts: { port: number; env: NodeJS.ProcessEnv; log?: boolean }): Promise<Proc> {
  const url = `http://127.0.0.1:${opts.port}`;
  const proc = launch(
    "sandbox",
    url,
    ["--conditions=react-server", "--import", "tsx", "scripts/sandbox-server.ts"],
    { ...opts.env, PORT: String(opts.port), HOST: "127.0.0.1" },
    opts.log ?? false,
  );
  await waitFor(proc, async () => (await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) })).ok, 60_000);
  return proc;
}

type InstanceOptions = {
  name: string;
  port: number;
  distDir: string;
  env: NodeJS.ProcessEnv;
  log?: boolean;
  readyTimeoutMs?: number;
};

/** Starts a production server of the shop with `args` and waits until /api/ready answers 200. */
async function startInstance(opts: InstanceOptions, args: string[], env: Record<string, string>): Promise<Proc> {
  const url = `http://127.0.0.1:${opts.port}`;
  const proc = launch(
    opts.name,
    url,
    args,
    { ...opts.env, ...env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", PORT: String(opts.port) },
    opts.log ?? false,
  );
  await waitFor(
    proc,
    async () => (await fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(2000) })).ok,
    opts.readyTimeoutMs ?? 180_000,
  );
  return proc;
}

/** `next start` of an existing build (distDir) on `port`; ready once /api/ready answers 200. */
export function startShopInstance(opts: InstanceOptions): Promise<Proc> {
  const args = ["node_modules/next/dist/bin/next", "start", "-H", "127.0.0.1", "-p", String(opts.port)];
  return startInstance(opts, args, { NEXT_DIST_DIR: opts.distDir });
}

/**
 * The standalone server of an existing build (`node <distDir>/standalone/server.js`, completed by
 * scripts/standalone-assets.mjs) on `port`: what a container runs. Ready once /api/ready answers 200.
 */
export function startStandaloneInstance(opts: InstanceOptions): Promise<Proc> {
  const server = path.join(root, opts.distDir, "standalone", "server.js");
  return startInstance(opts, [server], { HOSTNAME: "127.0.0.1" });
}

/** `prisma migrate deploy` against `databaseUrl` (what `npm start` runs first). */
export function migrateDeploy(databaseUrl: string): void {
  execFileSync(path.join(root, "node_modules/.bin/prisma"), ["migrate", "deploy"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: "ignore",
  });
}

export type Balancer = { url: string; forwarded: Map<string, number>; close(): Promise<void> };

/**
 * A reverse proxy picking a random live target per request. A target that refuses the
 * connection is skipped (the request never reached it); one that fails mid-request answers 502,
 * as a real proxy would for a POST. Bodies and headers pass through unchanged.
 */
export async function startBalancer(targets: () => string[], port = 0): Promise<Balancer> {
  const forwarded = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const pool = [...targets()].sort(() => Math.random() - 0.5);
      const attempt = (i: number) => {
        const target = pool[i];
        if (!target) return void res.writeHead(502).end("no live target");
        const t = new URL(target);
        const out = http.request(
          {
            host: t.hostname,
            port: t.port,
            method: req.method,
            path: req.url,
            headers: { ...req.headers, "x-forwarded-for": req.socket.remoteAddress ?? "" },
          },
          (up) => {
            forwarded.set(target, (forwarded.get(target) ?? 0) + 1);
            res.writeHead(up.statusCode ?? 502, up.headers);
            up.pipe(res);
          },
        );
        out.on("error", (err: NodeJS.ErrnoException) => {
          if (err.code === "ECONNREFUSED" && !res.headersSent) return attempt(i + 1);
          if (!res.headersSent) res.writeHead(502).end("bad gateway");
          else res.destroy();
        });
        out.end(body);
      };
      attempt(0);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    forwarded,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
