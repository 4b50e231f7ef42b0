// The upstream module's front door: the client, its errors and types, and the process-wide
// instance built from env with the database-shared budget.
import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { observeBudgetWait, observeUpstreamCall } from "@/lib/metrics/observe";
import { UpstreamClient } from "./client";
import { DbBudget } from "./db-budget";
import { MAIN_SUPPLIER, supplierConfig, type SupplierConfig } from "./suppliers";

export { UpstreamClient } from "./client";
export type { UpstreamClientOptions } from "./client";
export * from "./errors";
export type * from "./types";
export type { Budget, BudgetReport } from "./budget";
export { InMemoryBudget } from "./budget";
export { DbBudget } from "./db-budget";
export { MAIN_SUPPLIER, findSupplierConfig, listSupplierConfigs, supplierConfig } from "./suppliers";
export type { SupplierConfig } from "./suppliers";

// One client per module copy, deliberately not on globalThis: Next compiles instrumentation
// (the background jobs) and the routes as separate bundles, each with its own copy of the
// error classes, and a client shared between them would throw errors that the other copy's
// `instanceof` checks do not recognise. The budget lives in the database, so several clients
// in one process still share it. One client per supplier, by name.
const upstreamClients = new Map<string, UpstreamClient>();

/** Env PEM values may be inline with literal "\n"; this restores real newlines. */
export function normalisePem(value: string | undefined): string | undefined {
  if (!value) return undefined;
  return value.replace(/\\n/g, "\n").trim() + "\n";
}

/**
 * The one factory of supplier clients: each supplier's own base URL, key, keys and budget (the
 * budget row is keyed by its API key, so each supplier's budget is its own; docs/suppliers.md#per-supplier).
 */
export function createUpstreamFor(supplier: SupplierConfig): UpstreamClient {
  return new UpstreamClient({
    baseUrl: supplier.baseUrl,
    apiKey: supplier.apiKey,
    budget: new DbBudget({
      db,
      apiKey: supplier.apiKey,
      limit: supplier.rateLimit,
      onWait: (priority, waitedMs) => observeBudgetWait(priority, waitedMs, supplier.name),
    }),
    timeoutMs: env.UPSTREAM_TIMEOUT_MS,
    purchaseTimeoutMs: env.UPSTREAM_PURCHASE_TIMEOUT_MS,
    signingPrivateKey: normalisePem(supplier.signingPrivateKey),
    decryptionPrivateKey: normalisePem(supplier.decryptionPrivateKey),
    onCall: (event) => observeUpstreamCall({ ...event, supplier: supplier.name }),
  });
}

/** Builds the `main` supplier's client, so all share one budget per key (and every call is counted). */
export function createUpstreamFromEnv(): UpstreamClient {
  return createUpstreamFor(supplierConfig(MAIN_SUPPLIER));
}

/** This bundle's client for a supplier (`main` unless named). */
export function getUpstream(supplier: string = MAIN_SUPPLIER): UpstreamClient {
  let client = upstreamClients.get(supplier);
  if (!client) {
    client = createUpstreamFor(supplierConfig(supplier));
    upstreamClients.set(supplier, client);
  }
  return client;
}

/** Tests inject a client on the in-process sandbox; null drops it (every supplier's, unless named) so env is read again. */
export function setUpstream(client: UpstreamClient | null, supplier?: string): void {
  if (client) upstreamClients.set(supplier ?? MAIN_SUPPLIER, client);
  else if (supplier) upstreamClients.delete(supplier);
  else upstreamClients.clear();
}
