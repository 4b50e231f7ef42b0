// GET /api/metrics for Prometheus: refused without the bearer token from METRICS_TOKEN (404 when
// none is configured, so the endpoint does not exist), else this process's metrics followed by
// the shop-wide ones from the database, in the text exposition format.
import "server-only";
import crypto from "node:crypto";
import { Registry } from "prom-client";
import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { processMetrics } from "./process-metrics";
import { collectShopMetrics } from "./shop-metrics";

/** Constant-time comparison of an Authorization header with "Bearer <token>". */
export function bearerMatches(header: string | null, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "")?.[1] ?? "";
  const digest = (s: string) => crypto.createHash("sha256").update(s).digest();
  return given.length > 0 && crypto.timingSafeEqual(digest(given), digest(token));
}

const noStore = { "cache-control": "no-store" };

/** The whole endpoint, independent of Next (the route only calls it). */
export async function serveMetrics(request: Request, now: Date = new Date()): Promise<Response> {
  const token = getEnv().METRICS_TOKEN;
  if (!token) return new Response("Not found\n", { status: 404, headers: noStore });
  if (!bearerMatches(request.headers.get("authorization"), token)) {
    return new Response("Unauthorized\n", {
      status: 401,
      headers: { ...noStore, "www-authenticate": 'Bearer realm="metrics"' },
    });
  }
  try {
    const merged = Registry.merge([processMetrics().registry, await collectShopMetrics(now)]);
    return new Response(await merged.metrics(), {
      status: 200,
      headers: { ...noStore, "content-type": merged.contentType },
    });
  } catch (err) {
    log.error({ err }, "metrics: scrape failed");
    return new Response("Metrics unavailable\n", { status: 503, headers: noStore });
  }
}
