// Section 6 of the report: the load phase (see load-phase.ts) — first its runs side by side (one
// supplier against two: orders per minute, upstream calls per order by kind and per supplier, each
// supplier's share of lines, failovers, 5xx, refusals, books), then each run's figures in the
// issue's order: orders per minute, checkout p50/p95/p99, 5xx answers, refusals by reason,
// upstream calls per minute against the budget (and per order, by kind), whether the books balance.
import { formatTable } from "./format-table";
import type { LoadFigures, LoadResults } from "./load-figures";
import { callKinds } from "./upstream-kinds";

const f1 = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : "-");
const f2 = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : "-");
const byKey = (m: Record<string, number | undefined>) =>
  Object.entries(m)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}×${v}`)
    .join(", ") || "none";

/** Money kinds: what was kept against what was delivered, refunds, and one line per upstream order. */
const moneyKinds = new Set([
  "unbalanced",
  "delivered_and_refunded",
  "over_refunded",
  "upstream_order_without_line",
  "line_without_upstream_order",
]);

/** "balanced" when no money problem is found; every other problem (e.g. sold below cost) is listed beside it. */
function formatBooks(books: LoadFigures["books"]): string {
  if ("error" in books) return `not checked (${books.error})`;
  const kinds = Object.keys(books.problems);
  const money = kinds.filter((k) => moneyKinds.has(k));
  const others = kinds.filter((k) => !moneyKinds.has(k));
  const pick = (ks: string[]) => Object.fromEntries(ks.map((k) => [k, books.problems[k]]));
  return [
    money.length === 0 ? "balanced" : `NOT balanced: ${byKey(pick(money))}`,
    `(${books.checkedOrders} orders, upstream orders ${byKey(books.upstreamOrders)})`,
    others.length ? `; other problems: ${byKey(pick(others))}` : "; no other problem",
    kinds.length ? ` — e.g. ${books.examples.join(" | ")}` : "",
  ].join(" ");
}

const runName = (r: { suppliers: string[] }) => `${r.suppliers.length} supplier${r.suppliers.length > 1 ? "s" : ""}`;
const pct = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 100)}%` : "-");

/** The runs side by side, one column each: the comparison the issue asks for. */
function formatComparison(runs: LoadFigures[]): string {
  const all = [...new Set(runs.flatMap((r) => r.suppliers))];
  const row = (name: string, cell: (r: LoadFigures) => string | number) => [name, ...runs.map(cell)];
  const bought = (r: LoadFigures) => Object.values(r.shop.linesBySupplier).reduce((sum, s) => sum + s.bought, 0);
  const failovers = (r: LoadFigures) => Object.values(r.shop.failovers).reduce((a, b) => a + b, 0);
  return formatTable(
    ["", ...runs.map(runName)],
    [
      row("orders per minute, whole window", (r) => f1(r.ordersPerMinute)),
      row("orders per minute, after the first minute", (r) => f1(r.ordersPerMinuteSustained)),
      row("orders placed (201)", (r) => r.orders),
      row("bound from the budget (suppliers × 100 ÷ calls per order)", (r) => f1(r.upstream.boundOrdersPerMinute)),
      row("upstream calls per order, all", (r) => f2(r.upstream.total / r.orders)),
      ...callKinds.map((k) => row(`  ${k}`, (r) => f2(r.upstream.perOrder[k]))),
      ...all.map((s) =>
        row(`  at ${s}`, (r) => (r.upstreamBySupplier[s] ? f2(r.upstreamBySupplier[s].total / r.orders) : "-")),
      ),
      ...all.map((s) =>
        row(`share of lines bought at ${s}`, (r) => pct(r.shop.linesBySupplier[s]?.bought ?? 0, bought(r))),
      ),
      row("failovers", failovers),
      row("sandbox 429s", (r) => r.upstream.rateLimited),
      row("5xx answers", (r) => r.tally.serverErrors),
      row("refusals", (r) => byKey(r.tally.refusals)),
      row("books", (r) => formatBooks(r.books).split(" ")[0]!),
      row("load average after (1/5/15 min)", (r) => r.loadAvgAfter.map(f1).join("/")),
    ],
  );
}

export function formatLoad(load: LoadResults | { notMeasured: string } | undefined): string[] {
  const out = ["6. Load: shoppers on two instances, PostgreSQL, the real upstream budget per supplier, faults on"];
  if (!load) return [...out, "load: not measured (not run)"];
  if ("notMeasured" in load) return [...out, `load: not measured (${load.notMeasured})`];
  const measured = load.runs.filter((r): r is LoadFigures => !("notMeasured" in r));
  if (measured.length > 0) out.push(formatComparison(measured));
  for (const run of load.runs) {
    out.push("", `6.${load.runs.indexOf(run) + 1} ${runName(run)} (${run.suppliers.join(", ")})`);
    out.push(...("notMeasured" in run ? [`load: not measured (${run.notMeasured})`] : formatRun(run)));
  }
  return out;
}

function formatRun(load: LoadFigures): string[] {
  const u = load.upstream;
  const books = formatBooks(load.books);
  const out: string[] = [];
  out.push(
    `   (${load.shoppers} shoppers, one loopback address and /24 each, straight to the instances (TRUSTED_PROXY_HOPS=0), ${load.seconds} s` +
      ` (${f1(load.wallS)} s with the last journeys); ${load.catalogSize} SKUs; budget ${load.budgetPerMinute} calls/min per supplier on both sides;` +
      ` faults ${byKey(load.faults)})`,
    `orders placed: ${load.orders}; ${f1(load.ordersPerMinute)}/min within the window, ${f1(load.ordersPerMinuteSustained)}/min after its first minute (by minute: ${load.ordersByMinute.join(", ")});` +
      ` bound from the budget: ${f1(u.boundOrdersPerMinute)}/min (${load.suppliers.length} × ${load.budgetPerMinute} ÷ ${f2(u.total / load.orders)} calls per order)`,
    `checkout (POST /api/checkout): p50 ${f1(load.checkoutMs.p50)} ms, p95 ${f1(load.checkoutMs.p95)} ms, p99 ${f1(load.checkoutMs.p99)} ms, max ${f1(load.checkoutMs.max)} ms (n=${load.checkoutMs.n});` +
      ` quote p50 ${f1(load.quoteMs.p50)} ms, p95 ${f1(load.quoteMs.p95)} ms, p99 ${f1(load.quoteMs.p99)} ms`,
    `5xx answers: ${load.tally.serverErrors} (goal 0)`,
    `refusals shown to shoppers, by reason: ${byKey(load.tally.refusals)}`,
    ...load.tally.otherRefusals.map((r) => `   other: ${r}`),
    `answers: ${byKey(load.tally.answers)}`,
    ...Object.entries(load.upstreamBySupplier).map(
      ([s, us]) =>
        `upstream calls at ${s} in each minute from the first shopper (the bench's minutes, not the limiter's windows): ${us.perMinute.join(", ")} (budget ${load.budgetPerMinute}); sandbox 429s: ${us.rateLimited}`,
    ),
    formatTable(
      ["upstream calls (window + drain)", ...Object.keys(u.byKind), "total"],
      [
        ["calls", ...Object.values(u.byKind), u.total],
        ["per order placed", ...Object.values(u.perOrder).map(f2), f2(u.total / load.orders)],
        ...Object.entries(load.upstreamBySupplier).map(([s, us]) => [
          `per order, at ${s}`,
          ...Object.values(us.perOrder).map(f2),
          f2(us.total / load.orders),
        ]),
      ],
    ),
    `offers when the shoppers started: ${
      Object.entries(load.offers)
        .map(([s, o]) => `${s} ${o.offers} (${o.inStock} in stock)`)
        .join(", ") || "none (one supplier)"
    }`,
    `lines by supplier (bought / routed): ${Object.entries(load.shop.linesBySupplier)
      .map(([s, l]) => `${s} ${l.bought}/${l.lines}`)
      .join(", ")}; failovers: ${byKey(load.shop.failovers)}`,
    `orders as their shoppers last saw them: ${byKey(load.tally.watched)}`,
    `orders in the database: ${load.shop.orders} (${load.orders} answered 201); lines by status: ${byKey(load.shop.linesByStatus)}` +
      (load.shop.linesInFlight ? ` — ${load.shop.linesInFlight} still being bought when the books were checked` : ""),
    `every order after the drain (${f1(load.drain.seconds)} s): delivered ${load.drain.delivered} of ${load.drain.created}; otherwise ${byKey(load.drain.notDelivered)}`,
    `books: ${books}`,
    `load average after the run (1/5/15 min): ${load.loadAvgAfter.map(f1).join("/")}`,
  );
  return out;
}
