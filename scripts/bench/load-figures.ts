// The load phase's settings (shoppers, window, suppliers, faults, the budget) and the figures it
// reports per run, computed from the shoppers' tally, each sandbox supplier's counters and the
// shop's database after the run.
import os from "node:os";
import type { BooksFigures } from "./load-books";
import type { ShopCounts } from "./load-settle";
import type { Tally } from "./load-tally";
import type { SandboxStats } from "./sandbox-control";
import type { DrainResult } from "./scale-checkout";
import { summarise } from "./stats";
import { callsByKind, type CallKind } from "./upstream-kinds";

/** The upstream budget, calls per 60 s per supplier account: the real one, on the sandbox and in the shop. */
export const budgetPerMinute = 100;

/**
 * Faults set on the sandbox for the whole run (lib/sandbox/README.md#faults). No forced 429s: a 429
 * holds every call of the shop until the window turns, which would measure the fault, not the
 * budget; the sandbox's own limit (the real 100 a minute) still answers 429 to any overspending.
 */
export const loadFaults = { serverErrorRate: 0.02, dropPurchaseRate: 0.02, priceRiseNext: 5 };

export type LoadOptions = {
  shoppers: number;
  seconds: number;
  catalogSize: number;
  /** The runs, each with this many suppliers (1: main alone; 2: main and b), in this order. */
  supplierCounts: number[];
};

/** `--load-suppliers=1,2` (the default): a run per count, each 1 or 2, none twice. */
export function parseSupplierCounts(arg: string | undefined): number[] {
  const counts = (arg ?? "1,2").split(",").map((s) => Number(s.trim()));
  if (counts.length === 0 || counts.some((c) => c !== 1 && c !== 2) || new Set(counts).size !== counts.length)
    throw new Error("--load-suppliers: 1, 2 or 1,2");
  return counts;
}

/** BENCH_LOAD_SHOPPERS (default 200) and BENCH_LOAD_SECONDS (default 300), bounded; the runs' supplier counts. */
export function loadOptions(env: NodeJS.ProcessEnv = process.env, supplierCounts: number[] = [1, 2]): LoadOptions {
  const shoppers = Number(env.BENCH_LOAD_SHOPPERS ?? 200);
  const seconds = Number(env.BENCH_LOAD_SECONDS ?? 300);
  if (!Number.isInteger(shoppers) || shoppers < 1 || shoppers > 1000)
    throw new Error("BENCH_LOAD_SHOPPERS: an integer between 1 and 1000");
  if (!Number.isInteger(seconds) || seconds < 10 || seconds > 1800)
    throw new Error("BENCH_LOAD_SECONDS: an integer between 10 and 1800");
  return { shoppers, seconds, catalogSize: 300, supplierCounts };
}

/** Upstream figures of one supplier (or of all together): calls by kind, 429s, per order placed. */
export type UpstreamFigures = {
  /** Calls in each minute of the shoppers' window (all kinds, both instances). */
  perMinute: number[];
  /** From the first shopper until every order ended: calls by kind, and the sandbox's 429s. */
  byKind: Record<CallKind, number>;
  total: number;
  rateLimited: number;
  /** byKind ÷ orders placed. */
  perOrder: Record<CallKind, number>;
};

export type LoadFigures = Omit<LoadOptions, "supplierCounts"> & {
  /** The suppliers of this run, main first. */
  suppliers: string[];
  budgetPerMinute: number;
  faults: typeof loadFaults;
  wallS: number;
  tally: Omit<Tally, "checkoutMs" | "quoteMs" | "orders">;
  checkoutMs: ReturnType<typeof summarise>;
  quoteMs: ReturnType<typeof summarise>;
  orders: number;
  /** Orders placed before the deadline ÷ the window's minutes (journeys under way finish after it). */
  ordersPerMinute: number;
  /** Orders placed in the window's minutes after the first (past the arrival burst) ÷ those minutes. */
  ordersPerMinuteSustained: number;
  ordersByMinute: number[];
  /** Every supplier together. */
  upstream: UpstreamFigures & {
    /** The budget's bound on orders per minute: every supplier's budget ÷ calls per order. */
    boundOrdersPerMinute: number;
  };
  /** Each supplier alone. */
  upstreamBySupplier: Record<string, UpstreamFigures>;
  /** Offers per supplier when the shoppers started (none with one supplier). */
  offers: Record<string, { offers: number; inStock: number }>;
  drain: DrainResult;
  /** The database after the drain: orders (201s plus any a failed answer left behind), lines by status. */
  shop: ShopCounts;
  books: BooksFigures | { error: string };
  loadAvgAfter: number[];
};

/**
 * What the shoppers' window left: the tally, its length, and per supplier the calls in each minute
 * and the counters at its start.
 */
export type ShopperRun = {
  tally: Tally;
  wallS: number;
  perMinute: Record<string, number[]>;
  first: Record<string, SandboxStats>;
};

const sumKinds = (a: Record<CallKind, number>, b: Record<CallKind, number>) =>
  Object.fromEntries(Object.entries(a).map(([k, v]) => [k, v + b[k as CallKind]])) as Record<CallKind, number>;

function upstreamFigures(
  byKind: Record<CallKind, number>,
  perMinute: number[],
  rateLimited: number,
  orders: number,
): UpstreamFigures {
  const total = Object.values(byKind).reduce((a, b) => a + b, 0);
  const perOrder = Object.fromEntries(
    Object.entries(byKind).map(([k, v]) => [k, orders ? Math.round((v / orders) * 100) / 100 : NaN]),
  ) as Record<CallKind, number>;
  return { perMinute, byKind, total, rateLimited, perOrder };
}

export function figures(
  opts: LoadOptions,
  suppliers: string[],
  run: ShopperRun,
  end: Pick<LoadFigures, "drain" | "shop" | "books" | "offers">,
  last: Record<string, SandboxStats>,
): LoadFigures {
  const { checkoutMs, quoteMs, orders, ...tally } = run.tally;
  const upstreamBySupplier = Object.fromEntries(
    suppliers.map((s) => [
      s,
      upstreamFigures(
        callsByKind(run.first[s]!.byRoute, last[s]!.byRoute),
        run.perMinute[s]!,
        last[s]!.rateLimited - run.first[s]!.rateLimited,
        orders.length,
      ),
    ]),
  );
  const each = Object.values(upstreamBySupplier);
  const all = upstreamFigures(
    each.map((u) => u.byKind).reduce(sumKinds),
    each[0]!.perMinute.map((_, i) => each.reduce((sum, u) => sum + (u.perMinute[i] ?? 0), 0)),
    each.reduce((sum, u) => sum + u.rateLimited, 0),
    orders.length,
  );
  const callsPerOrder = orders.length ? all.total / orders.length : NaN;
  const ordersByMinute = Array.from({ length: Math.ceil(opts.seconds / 60) }, () => 0);
  for (const o of orders) {
    const minute = Math.floor(o.atS / 60);
    if (minute < ordersByMinute.length) ordersByMinute[minute]!++;
  }
  const sustainedMinutes = (opts.seconds - 60) / 60;
  const placedIn = (from: number) => orders.filter((o) => o.atS >= from && o.atS < opts.seconds).length;
  return {
    shoppers: opts.shoppers,
    seconds: opts.seconds,
    catalogSize: opts.catalogSize,
    suppliers,
    budgetPerMinute,
    faults: loadFaults,
    wallS: Math.round(run.wallS * 10) / 10,
    tally,
    checkoutMs: summarise(checkoutMs),
    quoteMs: summarise(quoteMs),
    orders: orders.length,
    ordersPerMinute: Math.round((orders.filter((o) => o.atS < opts.seconds).length / (opts.seconds / 60)) * 10) / 10,
    ordersPerMinuteSustained: sustainedMinutes > 0 ? Math.round((placedIn(60) / sustainedMinutes) * 10) / 10 : NaN,
    ordersByMinute,
    upstream: {
      ...all,
      boundOrdersPerMinute: Math.round(((budgetPerMinute * suppliers.length) / callsPerOrder) * 10) / 10,
    },
    upstreamBySupplier,
    ...end,
    loadAvgAfter: os.loadavg().map((v) => Math.round(v * 100) / 100),
  };
}

/** Every run of the load phase, in the order of `--load-suppliers`. */
export type LoadResults = { runs: (LoadFigures | { suppliers: string[]; notMeasured: string })[] };
