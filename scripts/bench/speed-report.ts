// Sections 1, 2a and 2b of the report: catalog sync and delta cost, sync stall, webhook-to-page
// latency. Section 2 (storefront pages on both paths) is http-report.ts.
import type { HttpFigures } from "./http-phase";
import type { StallFigures } from "./stall-phase";
import type { SyncResult } from "./types";
import type { WebhookFigures } from "./webhook-phase";

type Table = (header: string[], rows: (string | number)[][]) => string;
export type SizeEntry = {
  size: number;
  sync: SyncResult;
  http?: HttpFigures;
  httpSkipped?: string;
  stall?: StallFigures | { notMeasured: string };
};

const f1 = (v: number | undefined) => (v !== undefined && Number.isFinite(v) ? v.toFixed(1) : "-");
const f0 = (v: number | undefined) => (v !== undefined && Number.isFinite(v) ? Math.round(v).toString() : "-");

/** Section 1: sync cost, delta cost after a 100-SKU and a 1,000-SKU change. */
export function formatSync(sizes: SizeEntry[], table: Table): string[] {
  return [
    "1. Catalog sync (in-process sandbox, counting fetch)",
    table(
      [
        "SKUs",
        "full wall s",
        "of which sandbox s",
        "full calls",
        "delta (100 changes) calls",
        "delta wall s",
        "1,000 re-priced: delta calls",
        "next idle delta calls (goal 1)",
      ],
      sizes.map(({ size, sync: s }) => [
        size,
        f1(s.full.seconds),
        f1(s.full.upstreamS),
        s.full.calls,
        s.delta.calls,
        f1(s.delta.seconds),
        s.bulkDelta?.calls ?? "-",
        s.bulkDelta?.idleCalls ?? "-",
      ]),
    ),
  ];
}

/** Section 2a: page and order latency while a full sync of every re-priced SKU runs in the web process. */
export function formatStall(sizes: SizeEntry[], table: Table): string[] {
  const out = [
    "",
    "2a. Sync stall: a full sync re-pricing every SKU, run by the web process's scheduler; one client on product pages, one shopper ordering TEST-INSTANT (order = quote → checkout → delivered)",
  ];
  const rows: (string | number)[][] = [];
  for (const s of sizes) {
    const st = s.stall;
    if (!st) continue;
    if ("notMeasured" in st) {
      rows.push([s.size, `not measured (${st.notMeasured})`, "", "", "", "", "", ""]);
      continue;
    }
    for (const [phase, w] of Object.entries(st.windows)) {
      const seconds = phase === "fetch" ? f1(st.run?.fetchS) : phase === "apply" ? f1(st.run?.applyS) : "";
      rows.push([
        s.size,
        phase,
        seconds,
        `${f0(w.pages.p50)}/${f0(w.pages.p95)}/${f0(w.pages.max)}`,
        w.pages.n,
        w.pageErrors,
        `${f0(w.orders.p50)}/${f0(w.orders.p95)}/${f0(w.orders.max)}`,
        `${w.orders.n}${w.undelivered ? ` (${w.undelivered} undelivered)` : ""}`,
      ]);
    }
  }
  if (rows.length === 0) return [...out, "stall: not measured (not run)"];
  out.push(
    table(
      ["SKUs", "phase", "s", "page ms p50/p95/max", "pages", "page errors", "order ms p50/p95/max", "orders"],
      rows,
    ),
  );
  for (const s of sizes) {
    const st = s.stall;
    if (st && !("notMeasured" in st))
      out.push(
        `   ${s.size}: run ${st.run?.status ?? "not seen"} (updated ${st.run?.updated ?? "-"}); shop.db + WAL ${st.shopDbMiB.before} MiB before, ${st.shopDbMiB.after} MiB after`,
      );
  }
  return out;
}

/** Section 2b: webhook to page in Chromium. */
export function formatWebhook(w: WebhookFigures | { notMeasured: string } | undefined): string[] {
  const out = [
    "",
    "2b. Webhook to page in Chromium (TEST-PENDING order page open; settle + signed order.completed webhook; until the line shows Delivered)",
  ];
  if (!w) return [...out, "webhook: not measured (not run)"];
  if ("notMeasured" in w) return [...out, `webhook: not measured (${w.notMeasured})`];
  return [
    ...out,
    `   webhook answered → page shows Delivered: p50 ${f0(w.webhookToPageMs.p50)} ms, p95 ${f0(w.webhookToPageMs.p95)} ms, max ${f0(w.webhookToPageMs.max)} ms (n=${w.webhookToPageMs.n}, missed ${w.missed}; target p95 ≤ 1,000 ms)`,
    `   settle call → page: p50 ${f0(w.settleToPageMs.p50)} ms, p95 ${f0(w.settleToPageMs.p95)} ms`,
  ];
}
