// GET /api/metrics — Prometheus metrics behind a bearer token (METRICS_TOKEN); docs/operations.md
import { connection } from "next/server";
import { serveMetrics } from "@/lib/metrics/serve-metrics";

export async function GET(request: Request): Promise<Response> {
  // The counters as they are now, never as the build saw them.
  await connection();
  return serveMetrics(request);
}
