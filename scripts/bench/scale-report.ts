// Section 4 of the report: the scale phase's listing and checkout tables (see scale-phase.ts).
import { formatTable } from "./format-table";
import type { ScaleFigures } from "./scale-phase";

const f1 = (v: number | undefined) => (v !== undefined && Number.isFinite(v) ? v.toFixed(1) : "-");
const byKey = (m: Record<string, number>) =>
  Object.entries(m)
    .map(([k, v]) => `${k}×${v}`)
    .join(", ");

/** Lines of section 4 (title, notes, two tables, per-run remarks). */
export function formatScale(scale: ScaleFigures | { notMeasured: string } | undefined): string[] {
  const out = [
    "4. Scale-out: listing and checkout throughput, SQLite ×1 vs PostgreSQL ×1 and ×2 (separate processes, loopback)",
  ];
  if (!scale) return [...out, "scale: not measured (not run)"];
  if ("notMeasured" in scale) return [...out, `scale: not measured (${scale.notMeasured})`];
  out.push(
    `   (${scale.catalogSize} SKUs; sandbox upstream as its own server, fresh per configuration; every instance runs background jobs; ×2 = random balancer in front;`,
    "    rate limit lifted on both sides (SANDBOX_RATE_LIMIT and UPSTREAM_RATE_LIMIT 1,000,000); all processes share the same 2 CPUs with the load generator)",
    `   listing: ${scale.listingClients} clients, ${scale.warmupS} s warm-up then ${scale.listingS} s over ${scale.listingMix.join(" ")}; errors* = non-200, network errors or a page without a product link`,
    "   ready s = from `next start` until every instance answers /api/ready (the start-up catalog sync included; with ×2 one instance syncs, the other waits)",
  );
  const failed = (r: ScaleFigures["runs"][number]) => `failed: ${r.error ?? "?"}`;
  const seeBelow = "failed (see below)";
  out.push(
    formatTable(
      ["config", "ready s", "requests", "req/s", "p50 ms", "p95 ms", "max ms", "errors*"],
      scale.runs.map((r) => {
        const l = r.listing;
        if (!l) return [r.config, f1(r.readyS), seeBelow, "", "", "", "", ""];
        return [
          r.config,
          f1(r.readyS),
          l.requests,
          // Good answers only (a 2xx with a product link): an error page is not throughput.
          f1(l.perSecond),
          f1(l.bodyMs.p50),
          f1(l.bodyMs.p95),
          f1(l.bodyMs.max),
          l.errors + l.wrongBodies,
        ];
      }),
    ),
  );
  out.push(
    "",
    `   checkout: ${scale.shoppers} shoppers, each looping quote → checkout (TEST-INSTANT ×1, TEST card) for ${scale.checkoutS} s after one untimed order each;`,
    "    drain = from the end of the run until every created order (warm-up included) is delivered or final, polling GET /api/orders/<token> 8 at a time",
    "    (so at least one status read per order); 429s = the sandbox's count since it started",
  );
  out.push(
    formatTable(
      [
        "config",
        "checkouts",
        "checkouts/s",
        "checkout p50 ms",
        "p95 ms",
        "quote p50 ms",
        "not 2xx",
        "drain s",
        "delivered/created",
        "sandbox 429s",
      ],
      scale.runs.map((r) => {
        const c = r.checkout;
        if (!c) return [r.config, r.listing ? seeBelow : "-", "", "", "", "", "", "", "", ""];
        const not2xx = Object.entries(c.statuses)
          .filter(([k]) => !/ 2\d\d$/.test(k))
          .reduce((a, [, v]) => a + v, 0);
        return [
          r.config,
          c.checkouts,
          f1(c.checkouts / c.seconds),
          f1(c.checkoutMs.p50),
          f1(c.checkoutMs.p95),
          f1(c.quoteMs.p50),
          not2xx,
          f1(c.drain.seconds),
          `${c.drain.delivered}/${c.drain.created}`,
          r.sandbox?.rateLimited ?? "-",
        ];
      }),
    ),
  );
  for (const r of scale.runs) {
    const remarks: string[] = [];
    if (r.error) remarks.push(failed(r));
    if (r.forwarded) remarks.push(`balancer share ${byKey(r.forwarded)}`);
    if (r.checkout) {
      const odd = Object.entries(r.checkout.statuses).filter(([k]) => !/ 2\d\d$/.test(k));
      if (odd.length) remarks.push(`responses not 2xx: ${odd.map(([k, v]) => `${k}×${v}`).join(", ")}`);
      if (Object.keys(r.checkout.drain.notDelivered).length)
        remarks.push(
          `not delivered: ${byKey(r.checkout.drain.notDelivered)}${r.checkout.drain.timedOut ? " (drain timed out)" : ""}`,
        );
    }
    if (r.listing && Object.keys(r.listing.statuses).some((k) => k !== "200"))
      remarks.push(`listing statuses ${byKey(r.listing.statuses)}`);
    if (r.sandbox) remarks.push(`sandbox requests ${r.sandbox.requests} (sync included)`);
    if (r.loadAvgAfter) remarks.push(`load avg after ${r.loadAvgAfter.map((v) => f1(v)).join("/")}`);
    out.push(`  ${r.config}: ${remarks.join("; ")}`);
  }
  out.push(`  phase wall time ${scale.seconds} s (databases, sandbox generation, start-up syncs and drains included)`);
  return out;
}
