import "server-only";
// Counted faults and the late answer: each "next n" lever is taken in one immediate transaction,
// so two requests (or two processes sharing the file) never both take the last unit.
import type { Ctx } from "./context";
import type { SandboxFaults } from "./types";

type CountedFault = {
  [K in keyof SandboxFaults]-?: K extends `${string}Next${string}` ? K : never;
}[keyof SandboxFaults];

/** Takes one unit of a counted fault; returns the faults as they were before, or null when none is left. */
export function takeCountedFault(ctx: Ctx, key: CountedFault): SandboxFaults | null {
  // Cheap read first: the write lock is taken only when there is something to take.
  if ((ctx.faults()[key] ?? 0) <= 0) return null;
  return ctx.db
    .transaction(() => {
      const f = ctx.faults();
      if ((f[key] ?? 0) <= 0) return null;
      ctx.setFaults({ ...f, [key]: f[key]! - 1 });
      return f;
    })
    .immediate();
}

/**
 * How long to hold back the answer of this call (ms, 0 = none): responseDelayMs for every call,
 * or, while responseDelayNextPurchases is set, only for that many POST /orders (then both clear,
 * so the polls that follow a late purchase answer at once).
 */
export function takeResponseDelay(ctx: Ctx, routeKey: string | undefined): number {
  if ((ctx.faults().responseDelayMs ?? 0) <= 0) return 0;
  return ctx.db
    .transaction(() => {
      const f = ctx.faults();
      const ms = f.responseDelayMs ?? 0;
      if (ms <= 0) return 0;
      if (f.responseDelayNextPurchases === undefined) return ms;
      if (routeKey !== "POST /orders") return 0;
      const left = f.responseDelayNextPurchases - 1;
      const { responseDelayMs: _ms, responseDelayNextPurchases: _n, ...rest } = f;
      ctx.setFaults(left > 0 ? { ...rest, responseDelayMs: ms, responseDelayNextPurchases: left } : rest);
      return f.responseDelayNextPurchases > 0 ? ms : 0;
    })
    .immediate();
}

/** Waits on the wall clock (never the virtual one); returns early, without error, when the client gives up. */
export function holdAnswer(ms: number, signal: AbortSignal | null): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const t = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(t), resolve()), { once: true });
  });
}
