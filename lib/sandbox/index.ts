import "server-only";
// The sandbox upstream: a faithful, self-contained simulator of the fulfilment API (all of
// docs/upstream-contract.md) with its own SQLite state, used for demo mode and as the shop's test
// double.
import { env, MAIN_SUPPLIER, sandboxSupplierSecrets } from "@/lib/env";
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
const globalForSandbox = globalThis as unknown as { __sandboxUpstreams?: Map<string, Singleton> };

/** Where each sandbox supplier keeps its state: main in SANDBOX_DB_PATH, another beside it ("sandbox-b.db"). */
export function sandboxDbPathFor(supplier: string, dbPath: string): string {
  if (supplier === MAIN_SUPPLIER || dbPath === ":memory:") return dbPath;
  return /\.db$/.test(dbPath) ? dbPath.replace(/\.db$/, `-${supplier}.db`) : `${dbPath}-${supplier}`;
}

/** Whether the sandbox serves `supplier` in this process: main always, others when SANDBOX_SUPPLIERS names them. */
export function servesSandboxSupplier(supplier: string): boolean {
  return supplier === MAIN_SUPPLIER || env.sandboxSuppliers.includes(supplier);
}

/**
 * One sandbox supplier's options from env (docs/suppliers.md#sandbox): its own store, key, catalog
 * variant and webhook target — that supplier's endpoint in this shop, signed with its secret.
 */
export function sandboxOptionsFor(supplier: string): SandboxOptions {
  const common = {
    catalogSize: env.SANDBOX_CATALOG_SIZE,
    settleMs: env.SANDBOX_SETTLE_MS,
    rateLimit: env.SANDBOX_RATE_LIMIT,
    initialBalance: env.SANDBOX_INITIAL_BALANCE,
  };
  if (supplier === MAIN_SUPPLIER) {
    return {
      ...common,
      dbPath: env.SANDBOX_DB_PATH,
      apiKey: env.SANDBOX_API_KEY,
      webhookUrl: env.SANDBOX_WEBHOOK_URL,
      webhookSecret: env.UPSTREAM_WEBHOOK_SECRET,
      baseUrl: `${env.APP_URL}/sandbox/v1`,
      // Every delivery goes through the outbound guard; only the configured receiver may be private (webhook-target.ts).
      deliver: createWebhookDeliver({ trustedUrl: env.SANDBOX_WEBHOOK_URL }),
    };
  }
  const secrets = sandboxSupplierSecrets(supplier, {
    sandboxApiKey: env.SANDBOX_API_KEY,
    mainWebhookSecret: env.UPSTREAM_WEBHOOK_SECRET,
  });
  const configured = env.suppliers.find((s) => s.name === supplier);
  // Webhooks go where main's go, at that supplier's endpoint; off when main's are off.
  const webhookUrl = env.SANDBOX_WEBHOOK_URL ? `${env.SANDBOX_WEBHOOK_URL.replace(/\/$/, "")}/${supplier}` : undefined;
  return {
    ...common,
    dbPath: sandboxDbPathFor(supplier, env.SANDBOX_DB_PATH),
    apiKey: secrets.apiKey,
    catalogVariant: env.sandboxSuppliers.indexOf(supplier) + 2,
    webhookUrl,
    webhookSecret: configured?.webhookSecret ?? secrets.webhookSecret,
    baseUrl: `${env.APP_URL}/sandbox/${supplier}/v1`,
    deliver: createWebhookDeliver({ trustedUrl: webhookUrl }),
  };
}

/**
 * The process-wide sandbox of a supplier (main unless named), built from SANDBOX_* env vars;
 * settles and delivers webhooks every 250 ms.
 */
export function getSandbox(supplier: string = MAIN_SUPPLIER): Sandbox {
  const all = (globalForSandbox.__sandboxUpstreams ??= new Map());
  const existing = all.get(supplier);
  if (existing) return existing.sandbox;
  if (!servesSandboxSupplier(supplier)) throw new Error(`the sandbox serves no supplier "${supplier}"`);
  const sandbox = createSandbox(sandboxOptionsFor(supplier));
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    Promise.resolve()
      .then(() => sandbox.control.settleDue())
      .then(() => sandbox.control.flushWebhooks())
      .catch((e) => log.error({ err: e, supplier }, "sandbox: background tick failed"))
      .finally(() => (busy = false));
  }, 250);
  timer.unref?.();
  const closeStore = sandbox.close;
  sandbox.close = () => {
    clearInterval(timer);
    all.delete(supplier);
    closeStore();
  };
  all.set(supplier, { sandbox, timer });
  return sandbox;
}
