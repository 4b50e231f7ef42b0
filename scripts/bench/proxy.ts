// The proxy of the HTTP phase: nginx from the distribution's package, started as `npm run cluster`
// starts it (scripts/cluster-nginx.ts) with the same deploy/nginx/shop.conf.template, in front of
// the phase's one `next start` (both upstream lines name it). Its cache and log live under
// data/bench/<size>/nginx and start empty.
import path from "node:path";
import { findNginx, startNginx } from "../cluster-nginx";
import { benchPaths, benchPort, benchProxyPort } from "./env";

export type BenchProxy = { url: string; stop(): Promise<void> };

/** nginx on BENCH_PROXY_PORT before `next start`, or the reason it cannot run here. */
export async function startBenchProxy(label: string | number): Promise<BenchProxy | { notMeasured: string }> {
  if (!findNginx()) return { notMeasured: "nginx is not installed (Debian: apt-get install nginx)" };
  const upstream = `127.0.0.1:${benchPort}`;
  try {
    const nginx = await startNginx({
      port: benchProxyPort,
      upstreams: [upstream, upstream],
      dir: path.join(benchPaths(label).dir, "nginx"),
    });
    return { url: nginx.url, stop: () => nginx.stop() };
  } catch (error) {
    const why = error instanceof Error ? error.message.split("\n")[0] : "unknown";
    return { notMeasured: `nginx did not start on port ${benchProxyPort}: ${why}` };
  }
}
