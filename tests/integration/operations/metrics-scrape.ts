// One scrape of /api/metrics as a lookup, for the metrics tests.
import { expect } from "vitest";
import { serveMetrics } from "@/lib/metrics/serve-metrics";

export const getMetrics = (authorization?: string) =>
  serveMetrics(new Request("http://shop.test/api/metrics", { headers: authorization ? { authorization } : {} }));

/** A scrape, as a lookup: value("shop_orders", { status: "paid" }) → number (summed; 0 when absent). */
export async function scrapeMetrics(token: string) {
  const res = await getMetrics(`Bearer ${token}`);
  expect(res.status).toBe(200);
  const text = await res.text();
  return (name: string, labels: Record<string, string> = {}) => {
    const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
    let total = 0;
    for (const line of text.split("\n")) {
      const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (m && m[1] === name && want.every((w) => (m[2] ?? "").split(",").includes(w))) total += Number(m[3]);
    }
    return total;
  };
}
