// The shared request budget (one per-key window for every call: docs/upstream-contract.md#8-limits). Priorities
// reserve headroom so a running catalog sync never makes a purchase wait.
import type { Priority } from "./types";

export type BudgetReport = {
  status: number;
  limit?: number;
  remaining?: number;
  retryAfterSeconds?: number;
  /** When the call took its token (same clock as the budget); a report from an older window ignores `remaining`. */
  acquiredAt?: number;
};

/** `wait: false`: a call that would have to wait for a token fails at once with BudgetSpentError. */
export type AcquireOptions = { wait?: boolean };

export interface Budget {
  /** Resolves when one request of this priority may go out; rejects when `signal` aborts. */
  acquire(priority: Priority, signal?: AbortSignal, opts?: AcquireOptions): Promise<void>;
  /** Feeds back what the upstream said about the window after a call. */
  report(info: BudgetReport): Promise<void>;
  /** The budget's clock; the client stamps `acquiredAt` with it. */
  now?(): number;
}

export type BudgetClock = {
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
};

export const windowMs = 60_000;

/** Windows are aligned to the clock (like the sandbox); X-RateLimit-Remaining corrects any drift. */
export function windowStartOf(t: number): number {
  return Math.floor(t / windowMs) * windowMs;
}

/** Whether a report's `remaining` describes the window that is current at `now`. */
export function reportsCurrentWindow(info: BudgetReport, now: number): boolean {
  return (
    info.remaining !== undefined &&
    (info.acquiredAt === undefined || windowStartOf(info.acquiredAt) === windowStartOf(now))
  );
}

/**
 * Share of the window each priority may fill: catalog ~60 %, polling ~70 %, checks ~85 %,
 * purchases all. Polling pending orders can never take the headroom a shopper's checkout check
 * needs, and neither can the catalog.
 */
export const priorityShare: Record<Priority, number> = { catalog: 0.6, poll: 0.7, check: 0.85, purchase: 1 };

/** The highest `used` count at which a request of this priority may still go out (exclusive). */
export function capFor(priority: Priority, limit: number): number {
  return Math.max(1, Math.floor(limit * priorityShare[priority]));
}

/** Abortable timer, the default `sleep` of both budgets. */
export function sleepFor(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * The share of the window a call's priority may fill is spent (or the upstream blocked the key),
 * and the caller chose not to wait: it degrades instead (a quote answers with the catalog price).
 */
export class BudgetSpentError extends Error {
  constructor(readonly retryAt: number) {
    super("the upstream budget has no token for this priority until the next window");
    this.name = "BudgetSpentError";
  }
}

/** Waits until `tryTake` grants a token; it returns null on success or the time to retry at. */
export async function waitForToken(
  tryTake: () => Promise<number | null> | number | null,
  clock: Required<BudgetClock>,
  signal?: AbortSignal,
  opts: AcquireOptions = {},
): Promise<void> {
  for (;;) {
    if (signal?.aborted) throw signal.reason;
    const retryAt = await tryTake();
    if (retryAt === null) return;
    if (opts.wait === false && retryAt > clock.now()) throw new BudgetSpentError(retryAt);
    await clock.sleep(Math.max(1, retryAt - clock.now()), signal);
  }
}

type WindowState = { windowStart: number; used: number; limit: number; blockedUntil: number };

/** A single-process budget with the same rules as DbBudget; for unit tests and scripts. */
export class InMemoryBudget implements Budget {
  private readonly clock: Required<BudgetClock>;
  private readonly state: WindowState;

  constructor(opts: { limit: number } & BudgetClock) {
    this.clock = { now: opts.now ?? Date.now, sleep: opts.sleep ?? sleepFor };
    this.state = { windowStart: 0, used: 0, limit: opts.limit, blockedUntil: 0 };
  }

  now(): number {
    return this.clock.now();
  }

  /** The number of tokens taken in the current window (for tests and dashboards). */
  get used(): number {
    return this.state.used;
  }

  acquire(priority: Priority, signal?: AbortSignal, opts?: AcquireOptions): Promise<void> {
    return waitForToken(() => this.tryTake(priority), this.clock, signal, opts);
  }

  private tryTake(priority: Priority): number | null {
    const s = this.state;
    const now = this.clock.now();
    if (s.blockedUntil > now) return s.blockedUntil;
    this.rollWindow(now);
    if (s.used < capFor(priority, s.limit)) {
      s.used += 1;
      return null;
    }
    return s.windowStart + windowMs;
  }

  private rollWindow(now: number): void {
    const start = windowStartOf(now);
    if (start > this.state.windowStart) {
      this.state.windowStart = start;
      this.state.used = 0;
    }
  }

  async report(info: BudgetReport): Promise<void> {
    const s = this.state;
    const now = this.clock.now();
    this.rollWindow(now);
    if (info.limit !== undefined && info.limit > 0 && info.limit < s.limit) s.limit = info.limit;
    // Upstream knows best when it has counted more than we have (other clients, restarts).
    if (reportsCurrentWindow(info, now)) s.used = Math.max(s.used, s.limit - info.remaining!);
    // 429: block everyone until retry_after has passed.
    if (info.status === 429)
      s.blockedUntil = Math.max(s.blockedUntil, now + (info.retryAfterSeconds ?? windowMs / 1000) * 1000);
  }
}
