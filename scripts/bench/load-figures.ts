// The load phase's settings (shoppers, window, faults, the budget) and the figures it reports,
// computed from the shoppers' tally, the sandbox's counters and the shop's database after the run.
import os from "node:os";
import type { BooksFigures } from "./load-books";
import type { ShopCounts } from "./load-settle";
import type { Tally } from "./load-tally";
import type { SandboxStats } from "./sandbox-control";
import type { DrainResult } from "./scale-checkout";
import { summarise } from "./stats";
import { callsByKind, type CallKind } from "./upstream-kinds";

/** The upstream budget, calls per 60 s: the real one, on the sandbox and in the shop. */
export const budgetPerMinute = 100;

/**
 * Faults set on the sandbox for the whole run (lib/sandbox/README.md#faults). No forced 429s: a 429
 * holds every call of the shop until the window turns, which would measure the fault, not the
 * budget; the sandbox's own limit (the real 100 a minute) still answers 429 to any overspending.
 */
export const loadFaults = { serverErrorRate: 0.02, dropPurchaseRate: 0.02, priceRiseNext: 5 };

export type LoadOptions = { shoppers: number; seconds: number; catalogSize: number };

/** BENCH_LOAD_SHOPPERS (default 200) and BENCH_LOAD_SECONDS (default 300), bounded. */
export function loadOptions(env: NodeJS.ProcessEnv = process.env): LoadOptions {
  const shoppers = Number(env.BENCH_LOAD_SHOPPERS ?? 200);
  const seconds = Number(env.BENCH_LOAD_SECONDS ?? 300);
  if (!Number.isInteger(shoppers) || shoppers < 1 || shoppers > 1000)
    throw new Error("BENCH_LOAD_SHOPPERS: an integer between 1 and 1000");
  if (!Number.isInteger(seconds) || seconds < 10 || seconds > 1800)
    throw new Error("BENCH_LOAD_SECONDS: an integer between 10 and 1800");
  return { shoppers, seconds, catalogSize: 300 };
}

export type LoadFigures = LoadOptions & {
  budgetPerMinute: number;
  faults: typeof loadFaults;
  wallS: number;
  tally: Omit<Tally, "checkoutMs" | "quoteMs" | "orders">;
  checkoutMs: ReturnType<typeof summarise>;
  quoteMs: ReturnType<typeof summarise>;
  orders: number;
  /** Orders placed before the deadline ÷ the window's minutes (journeys under way finish after it). */
  ordersPerMinute: number;
  ordersByMinute: number[];
  upstream: {
    /** Calls in each minute of the shoppers' window (all kinds, both instances). */
    perMinute: number[];
    /** From the first shopper until every order ended: calls by kind, and the sandbox's 429s. */
    byKind: Record<CallKind, number>;
    total: number;
    rateLimited: number;
    /** byKind ÷ orders placed. */
    perOrder: Record<CallKind, number>;
    /** The budget's bound on orders per minute: budget ÷ calls per order. */
    boundOrdersPerMinute: number;
  };
  drain: DrainResult;
  /** The database after the drain: orders (201s plus any a failed answer left behind), lines by status. */
  shop: ShopCounts;
  books: BooksFigures | { error: string };
  loadAvgAfter: number[];
};

/** What the shoppers' window left: the tally, its length, calls per minute and the counters at its start. */
export type ShopperRun = { tally: Tally; wallS: number; perMinute: number[]; first: SandboxStats };

export function figures(
  opts: LoadOptions,
  run: ShopperRun,
  end: Pick<LoadFigures, "drain" | "shop" | "books">,
  last: SandboxStats,
): LoadFigures {
  const { checkoutMs, quoteMs, orders, ...tally } = run.tally;
  const byKind = callsByKind(run.first.byRoute, last.byRoute);
  const total = Object.values(byKind).reduce((a, b) => a + b, 0);
  const perOrder = Object.fromEntries(
    Object.entries(byKind).map(([k, v]) => [k, orders.length ? Math.round((v / orders.length) * 100) / 100 : NaN]),
  ) as Record<CallKind, number>;
  const callsPerOrder = orders.length ? total / orders.length : NaN;
  const ordersByMinute = Array.from({ length: Math.ceil(opts.seconds / 60) }, () => 0);
  for (const o of orders) {
    const minute = Math.floor(o.atS / 60);
    if (minute < ordersByMinute.length) ordersByMinute[minute]!++;
  }
  return {
    ...opts,
    budgetPerMinute,
    faults: loadFaults,
    wallS: Math.round(run.wallS * 10) / 10,
    tally,
    checkoutMs: summarise(checkoutMs),
    quoteMs: summarise(quoteMs),
    orders: orders.length,
    ordersPerMinute: Math.round((orders.filter((o) => o.atS < opts.seconds).length / (opts.seconds / 60)) * 10) / 10,
    ordersByMinute,
    upstream: {
      perMinute: run.perMinute,
      byKind,
      total,
      rateLimited: last.rateLimited - run.first.rateLimited,
      perOrder,
      boundOrdersPerMinute: Math.round((budgetPerMinute / callsPerOrder) * 10) / 10,
    },
    ...end,
    loadAvgAfter: os.loadavg().map((v) => Math.round(v * 100) / 100),
  };
}
