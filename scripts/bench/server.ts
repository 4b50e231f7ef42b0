// Starts `next start` on the bench build in its own process group, waits for /api/health,
// and stops it (the whole group) again. Loopback only.
import { spawn, type ChildProcess } from "node:child_process";
import { benchPort } from "./env";

export const benchBaseUrl = `http://127.0.0.1:${benchPort}`;

export type BenchServer = { child: ChildProcess; stop(): Promise<void> };

async function healthy(): Promise<boolean> {
  try {
    const res = await fetch(`${benchBaseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
    return res.ok && ((await res.json()) as { catalogReady?: boolean }).catalogReady === true;
  } catch {
    return false;
  }
}

/** Starts the server with `env`; rejects if the port already answers or health never turns ready. */
export async function startBenchServer(env: NodeJS.ProcessEnv, readyTimeoutMs = 120_000): Promise<BenchServer> {
  if (await healthy()) throw new Error(`port ${benchPort} already answers: stop that server first`);
  const child = spawn(
    process.execPath,
    ["node_modules/next/dist/bin/next", "start", "-H", "127.0.0.1", "-p", String(benchPort)],
    {
      env,
      detached: true, // its own process group, so stop() ends every worker it forks
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  let exited = false;
  const exit = new Promise<void>((resolve) => child.on("exit", () => ((exited = true), resolve())));
  const stop = async () => {
    if (exited || child.pid === undefined) return;
    process.kill(-child.pid, "SIGTERM");
    const killer = setTimeout(() => !exited && child.pid && process.kill(-child.pid, "SIGKILL"), 5000);
    await exit;
    clearTimeout(killer);
  };
  const deadline = Date.now() + readyTimeoutMs;
  while (!(await healthy())) {
    if (exited) throw new Error("next start exited before it was healthy");
    if (Date.now() > deadline) {
      await stop();
      throw new Error("next start did not become healthy in time");
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { child, stop };
}
