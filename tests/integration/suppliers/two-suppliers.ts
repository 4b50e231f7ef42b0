// Two sandbox suppliers in one test process (docs/suppliers.md#sandbox): main, the orders
// harness's sandbox, and b, a sandbox of its own on the same clock, configured through the
// environment as an owner would (UPSTREAM_SUPPLIERS=b) and reached through its own client.
import { db } from "@/lib/db";
import { resetEnvForTests } from "@/lib/env";
import { processOwner, withLineLease } from "@/lib/orders/core/line-lease";
import { fulfilLine } from "@/lib/orders/fulfilment/fulfil-line";
import { createSandbox, type Sandbox, type SandboxOptions } from "@/lib/sandbox";
import { setUpstream, UpstreamClient } from "@/lib/upstream";
import { createHarness, seedPaidOrder, type Harness } from "../orders/harness";

export const bKey = "sandbox_b_key_0123456789";
export const bBaseUrl = "http://sandbox.test/sandbox/b/v1";
export const supplierVars = { UPSTREAM_SUPPLIERS: "b", UPSTREAM_B_BASE_URL: bBaseUrl, UPSTREAM_B_API_KEY: bKey };

/** Configures supplier b in the environment (plus `extra` variables); returns what undoes it. */
export function configureSupplierB(extra: Record<string, string> = {}): () => void {
  const vars = { ...supplierVars, ...extra };
  Object.assign(process.env, vars);
  resetEnvForTests();
  return () => {
    for (const key of Object.keys(vars)) delete process.env[key];
    resetEnvForTests();
  };
}

/** b's sandbox: its own store, key, wallet and faults, on the caller's clock. */
export function createSandboxB(now: () => number, opts: Partial<SandboxOptions> = {}): Sandbox {
  return createSandbox({ dbPath: ":memory:", apiKey: bKey, settleMs: 3000, now, ...opts });
}

/** A client for b's sandbox (through `fetch`, b's own unless a wrapper is given), without the shared budget. */
export function clientForB(
  fetch: typeof globalThis.fetch,
  opts: { timeoutMs?: number; purchaseTimeoutMs?: number } = {},
): UpstreamClient {
  return new UpstreamClient({ baseUrl: bBaseUrl, apiKey: bKey, fetch, budget: null, ...opts });
}

export type TwoSuppliers = { h: Harness; b: Sandbox; client: UpstreamClient; close: () => Promise<void> };

/** The orders harness (main) and supplier b, configured and wired as the shop's client for "b". */
export async function createTwoSuppliers(
  opts: { timeoutMs?: number; env?: Record<string, string> } = {},
): Promise<TwoSuppliers> {
  const restoreEnv = configureSupplierB(opts.env);
  const h = await createHarness();
  const b = createSandboxB(() => h.clock.ms);
  const client = clientForB(b.fetch, opts);
  setUpstream(client, "b");
  return {
    h,
    b,
    client,
    async close() {
      setUpstream(null, "b");
      b.close();
      await h.close();
      restoreEnv();
    },
  };
}

/** A paid line of `itemCode` bought from `supplier` (its first purchase step); the line after it. */
export async function buyFrom(h: Harness, supplier: "main" | "b", itemCode: string) {
  await db.offer.deleteMany({ where: { productCode: itemCode } });
  if (supplier === "b")
    await db.offer.createMany({
      data: [
        { supplier: "main", itemCode, productCode: itemCode, unitCost: "1.00", currency: "USD", inStock: false },
        { supplier: "b", itemCode, productCode: itemCode, unitCost: "1.00", currency: "USD", inStock: true },
      ],
    });
  const { line } = await seedPaidOrder(h, { itemCode });
  await withLineLease(line.id, processOwner, h.now(), () => fulfilLine(line.id, { now: h.now(), cause: "reconciler" }));
  await db.offer.deleteMany({ where: { productCode: itemCode } });
  return db.orderLine.findUniqueOrThrow({ where: { id: line.id } });
}
