import "server-only";
// The sandbox upstream: a faithful, self-contained simulator of the fulfilment API (all of
// docs/upstream-contract.md) with its own SQLite state, used for demo mode and as the shop's test
// double.
import { env } from "@/lib/env";
import { createContext } from "./context";
import { createControl, seedIfEmpty } from "./control";
import { handleV1 } from "./router";
import { openStore } from "./store";
import type { FlushResult, Sandbox, SandboxOptions } from "./types";
import { createWebhookDeliver } from "./webhook-target";
import { deliverDueWebhooks } from "./webhooks";
import { log } from "@/lib/log";

export type * from "./types";

/** Creates a sandbox over `opts.dbPath`; state persists across close/reopen of a file path. */
export function createSandbox(opts: SandboxOptions): Sandbox {
  const db = openStore(opts.dbPath);
  const ctx = createContext(db, opts);
  seedIfEmpty(ctx);
  const deliver = opts.deliver ?? ((url: string, init: RequestInit) => fetch(url, init));
  let flushing: Promise<FlushResult> = Promise.resolve({ delivered: 0, failed: 0, pending: 0 });
  // Serialized so the background timer and a test's flush never deliver the same row twice.
  const flush = () => (flushing = flushing.catch(() => undefined).then(() => deliverDueWebhooks(ctx, deliver)));
  const handle = (req: Request) => handleV1(ctx, opts.apiKey, req);
  const sandboxFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    if (req.signal.aborted) throw req.signal.reason;
    // Like a real fetch, an abort (client timeout) rejects even if the handler is still busy.
    return new Promise<Response>((resolve, reject) => {
      req.signal.addEventListener("abort", () => reject(req.signal.reason), { once: true });
      handle(req).then(resolve, reject);
    });
  }) as typeof fetch;
  return {
    handle,
    fetch: sandboxFetch,
    control: createControl(ctx, flush),
    close: () => db.close(),
  };
}

type Singleton = { sandbox: Sandbox; timer: ReturnType<typeof setInterval> };
const globalForSandbox = globalThis as unknown as { __sandboxUpstream?: Singleton };

/** The process-wide sandbox built from SANDBOX_* env vars; settles and delivers webhooks every 250 ms. */
export function getSandbox(): Sandbox {
  if (globalForSandbox.__sandboxUpstream) return globalForSandbox.__sandboxUpstream.sandbox;
  const sandbox = createSandbox({
    dbPath: env.SANDBOX_DB_PATH,
    apiKey: env.SANDBOX_API_KEY,
    catalogSize: env.SANDBOX_CATALOG_SIZE,
    settleMs: env.SANDBOX_SETTLE_MS,
    rateLimit: env.SANDBOX_RATE_LIMIT,
    initialBalance: env.SANDBOX_INITIAL_BALANCE,
    webhookUrl: env.SANDBOX_WEBHOOK_URL,
    webhookSecret: env.UPSTREAM_WEBHOOK_SECRET,
    baseUrl: `${env.APP_URL}/sandbox/v1`,
    // Every delivery goes through the outbound guard; only the configured receiver may be private (webhook-target.ts).
    deliver: createWebhookDeliver({ trustedUrl: env.SANDBOX_WEBHOOK_URL }),
  });
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    Promise.resolve()
      .then(() => sandbox.control.settleDue())
      .then(() => sandbox.control.flushWebhooks())
      .catch((e) => log.error({ err: e }, "sandbox: background tick failed"))
      .finally(() => (busy = false));
  }, 250);
  timer.unref?.();
  const closeStore = sandbox.close;
  sandbox.close = () => {
    clearInterval(timer);
    globalForSandbox.__sandboxUpstream = undefined;
    closeStore();
  };
  globalForSandbox.__sandboxUpstream = { sandbox, timer };
  return sandbox;
}
