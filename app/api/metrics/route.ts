// GET /api/metrics — Prometheus metrics behind a bearer token (METRICS_TOKEN); docs/operations.md
import { serveMetrics } from "@/lib/metrics/serve-metrics";

export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return serveMetrics(request);
}
