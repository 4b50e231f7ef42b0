// Prints the bench results as plain-text tables and writes them to data/bench/results.json.
import fs from "node:fs";
import path from "node:path";
import { benchRoot } from "./env";
import { formatTable } from "./format-table";
export { formatTable };
import { formatStall, formatSync, formatWebhook, type SizeEntry } from "./speed-report";
import { formatPages } from "./http-report";
import type { WebhookFigures } from "./webhook-phase";
import type { CheckoutFigures } from "./checkout-types";
import type { ScaleFigures } from "./scale-phase";
import { formatScale } from "./scale-report";
import { formatLcp, type LcpFigures } from "./lcp-phase";
import { formatLighthouse, type LighthouseFigures } from "./lighthouse-figures";
import type { LoadResults } from "./load-figures";
import { formatLoad } from "./load-report";

export type BenchResults = {
  startedAt: string;
  finishedAt?: string;
  machine: { cpus: number; node: string; loadAvgStart: number[]; loadAvgEnd?: number[] };
  commit: string | null;
  build: { reused: boolean; seconds: number | null } | null;
  notes: string[];
  sizes: (SizeEntry & { loadAvgDuringHttp?: number[] })[];
  webhook?: WebhookFigures | { notMeasured: string };
  checkout?: CheckoutFigures | { notMeasured: string };
  scale?: ScaleFigures | { notMeasured: string };
  lcp?: LcpFigures | { notMeasured: string };
  lighthouse?: LighthouseFigures | { notMeasured: string };
  load?: LoadResults | { notMeasured: string };
};

/** A fixed-width table: header row, a rule, then rows. */
const f1 = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : "-");

/** The human-readable report (what goes into closing notes). */
export function formatReport(r: BenchResults): string {
  const out: string[] = [];
  out.push(`Benchmark ${r.startedAt} → ${r.finishedAt ?? "(running)"}  commit ${r.commit ?? "?"}`);
  out.push(
    `machine: ${r.machine.cpus} CPUs, node ${r.machine.node}, load avg (1/5/15 min) at start ${r.machine.loadAvgStart.map(f1).join("/")}` +
      (r.machine.loadAvgEnd ? `, at end ${r.machine.loadAvgEnd.map(f1).join("/")}` : ""),
  );
  if (r.build) out.push(`build: .next-bench ${r.build.reused ? "reused" : `built in ${f1(r.build.seconds ?? NaN)} s`}`);
  for (const n of r.notes) out.push(`note: ${n}`);
  if (r.sizes.length === 0)
    out.push("", "1–2. Catalog sync and storefront pages: not run (no catalog size in this run)");
  else
    out.push(
      "",
      ...formatSync(r.sizes, formatTable),
      ...formatPages(r.sizes, formatTable),
      ...formatStall(r.sizes, formatTable),
    );
  out.push(...formatWebhook(r.webhook));
  formatCheckout(r, out);
  out.push("", ...formatScale(r.scale));
  out.push("", ...formatLcp(r.lcp));
  out.push("", ...formatLighthouse(r.lighthouse));
  out.push("", ...formatLoad(r.load));
  return out.join("\n");
}

/** Section 3: the in-process checkout scenarios. */
function formatCheckout(r: BenchResults, out: string[]): void {
  out.push("", "3. Checkout (in-process, sandbox in-process, counting fetch)");
  const c = r.checkout;
  if (!c) out.push("checkout: not measured (not run)");
  else if ("notMeasured" in c) out.push(`checkout: not measured (${c.notMeasured})`);
  else {
    out.push(
      formatTable(
        ["scenario", "orders", "completed", "calls/completed order", "webhook attempts", "calls by route (total)"],
        c.scenarios.map((s) => [
          s.name,
          s.orders,
          s.completed,
          f1(s.callsPerCompletedOrder),
          s.webhookAttempts,
          Object.entries(s.byRoute)
            .map(([k, v]) => `${k}×${v}`)
            .join(", "),
        ]),
      ),
    );
    out.push(
      `checkout server time (placeOrder: quote/check + payment, in-process, sequential): p50 ${f1(c.placeOrderMs.p50)} ms, p95 ${f1(c.placeOrderMs.p95)} ms (n=${c.placeOrderMs.n})`,
    );
    out.push(
      `immediate fulfilment (fulfilPaidOrder, runs after the response): p50 ${f1(c.fulfilMs.p50)} ms, p95 ${f1(c.fulfilMs.p95)} ms (n=${c.fulfilMs.n})`,
    );
    for (const n of c.notes) out.push(`  ${n}`);
  }
}

/** Writes results.json (also after each phase, so a failed run keeps what it measured). */
export function writeResults(r: BenchResults): string {
  const file = path.join(benchRoot, "results.json");
  fs.mkdirSync(benchRoot, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(r, null, 2) + "\n");
  return file;
}
