// Section 6 of the report: the load phase (see load-phase.ts) — the figures the issue asks for,
// in its order: orders per minute, checkout p50/p95/p99, 5xx answers, refusals by reason,
// upstream calls per minute against the budget (and per order, by kind), whether the books balance.
import { formatTable } from "./format-table";
import type { LoadFigures } from "./load-figures";

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
    `(${books.checkedOrders} orders, ${books.upstreamOrders} upstream orders)`,
    others.length ? `; other problems: ${byKey(pick(others))}` : "; no other problem",
    kinds.length ? ` — e.g. ${books.examples.join(" | ")}` : "",
  ].join(" ");
}

export function formatLoad(load: LoadFigures | { notMeasured: string } | undefined): string[] {
  const out = ["6. Load: shoppers on two instances, PostgreSQL, the real upstream budget, faults on"];
  if (!load) return [...out, "load: not measured (not run)"];
  if ("notMeasured" in load) return [...out, `load: not measured (${load.notMeasured})`];
  const u = load.upstream;
  const books = formatBooks(load.books);
  out.push(
    `   (${load.shoppers} shoppers, one loopback address and /24 each, straight to the instances (TRUSTED_PROXY_HOPS=0), ${load.seconds} s` +
      ` (${f1(load.wallS)} s with the last journeys); ${load.catalogSize} SKUs; budget ${load.budgetPerMinute} calls/min on both sides;` +
      ` faults ${byKey(load.faults)})`,
    `orders placed: ${load.orders}; ${f1(load.ordersPerMinute)}/min within the window (by minute: ${load.ordersByMinute.join(", ")});` +
      ` bound from the budget: ${f1(u.boundOrdersPerMinute)}/min (${load.budgetPerMinute} ÷ ${f2(u.total / load.orders)} calls per order)`,
    `checkout (POST /api/checkout): p50 ${f1(load.checkoutMs.p50)} ms, p95 ${f1(load.checkoutMs.p95)} ms, p99 ${f1(load.checkoutMs.p99)} ms, max ${f1(load.checkoutMs.max)} ms (n=${load.checkoutMs.n});` +
      ` quote p50 ${f1(load.quoteMs.p50)} ms, p95 ${f1(load.quoteMs.p95)} ms, p99 ${f1(load.quoteMs.p99)} ms`,
    `5xx answers: ${load.tally.serverErrors} (goal 0)`,
    `refusals shown to shoppers, by reason: ${byKey(load.tally.refusals)}`,
    ...load.tally.otherRefusals.map((r) => `   other: ${r}`),
    `answers: ${byKey(load.tally.answers)}`,
    `upstream calls in each minute from the first shopper (the bench's minutes, not the limiter's windows): ${u.perMinute.join(", ")} (budget ${load.budgetPerMinute}); sandbox 429s: ${u.rateLimited}`,
    formatTable(
      ["upstream calls (window + drain)", ...Object.keys(u.byKind), "total"],
      [
        ["calls", ...Object.values(u.byKind), u.total],
        ["per order placed", ...Object.values(u.perOrder).map(f2), f2(u.total / load.orders)],
      ],
    ),
    `orders as their shoppers last saw them: ${byKey(load.tally.watched)}`,
    `orders in the database: ${load.shop.orders} (${load.orders} answered 201); lines by status: ${byKey(load.shop.linesByStatus)}` +
      (load.shop.linesInFlight ? ` — ${load.shop.linesInFlight} still being bought when the books were checked` : ""),
    `every order after the drain (${f1(load.drain.seconds)} s): delivered ${load.drain.delivered} of ${load.drain.created}; otherwise ${byKey(load.drain.notDelivered)}`,
    `books: ${books}`,
  );
  return out;
}
