// The upstream module's front door: the client, its errors and types, and the process-wide
// instance built from env with the database-shared budget.
import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { observeBudgetWait, observeUpstreamCall } from "@/lib/metrics/observe";
import { UpstreamClient } from "./client";
import { DbBudget } from "./db-budget";

export { UpstreamClient } from "./client";
export type { UpstreamClientOptions } from "./client";
export * from "./errors";
export type * from "./types";
export type { Budget, BudgetReport } from "./budget";
export { InMemoryBudget } from "./budget";
export { DbBudget } from "./db-budget";

// One client per module copy, deliberately not on globalThis: Next compiles instrumentation
// (the background jobs) and the routes as separate bundles, each with its own copy of the
// error classes, and a client shared between them would throw errors that the other copy's
// `instanceof` checks do not recognise. The budget lives in the database, so several clients
// in one process still share it.
let upstreamClient: UpstreamClient | null = null;

/** Env PEM values may be inline with literal "\n"; this restores real newlines. */
export function normalisePem(value: string | undefined): string | undefined {
  if (!value) return undefined;
  return value.replace(/\\n/g, "\n").trim() + "\n";
}

/** Builds the client every server module should use, so all share one budget per key (and every call is counted). */
export function createUpstreamFromEnv(): UpstreamClient {
  return new UpstreamClient({
    baseUrl: env.UPSTREAM_BASE_URL,
    apiKey: env.UPSTREAM_API_KEY,
    budget: new DbBudget({
      db,
      apiKey: env.UPSTREAM_API_KEY,
      limit: env.UPSTREAM_RATE_LIMIT,
      onWait: observeBudgetWait,
    }),
    timeoutMs: env.UPSTREAM_TIMEOUT_MS,
    purchaseTimeoutMs: env.UPSTREAM_PURCHASE_TIMEOUT_MS,
    signingPrivateKey: normalisePem(env.UPSTREAM_SIGNING_PRIVATE_KEY),
    decryptionPrivateKey: normalisePem(env.UPSTREAM_DECRYPTION_PRIVATE_KEY),
    onCall: observeUpstreamCall,
  });
}

/** This bundle's client. */
export function getUpstream(): UpstreamClient {
  return (upstreamClient ??= createUpstreamFromEnv());
}

/** Tests inject a client on the in-process sandbox; null drops it so env is read again. */
export function setUpstream(client: UpstreamClient | null): void {
  upstreamClient = client;
}
