// Two sandbox suppliers, main and b, on one clock, for the tests of staff's views per supplier:
// each sandbox numbers its orders from the same start, so main's order N and b's order N coexist.
import { db } from "@/lib/db";
import { resetEnvForTests } from "@/lib/env";
import { processOwner, withLineLease } from "@/lib/orders/core/line-lease";
import { fulfilLine } from "@/lib/orders/fulfilment/fulfil-line";
import { createSandbox, type Sandbox } from "@/lib/sandbox";
import { setUpstream, UpstreamClient } from "@/lib/upstream";
import { createHarness, seedPaidOrder, type Harness } from "../orders/harness";

export const bKey = "sandbox_b_key_0123456789";
const supplierVars = {
  UPSTREAM_SUPPLIERS: "b",
  UPSTREAM_B_BASE_URL: "http://sandbox.test/sandbox/b/v1",
  UPSTREAM_B_API_KEY: bKey,
};

export type TwoSuppliers = { h: Harness; b: Sandbox; close: () => Promise<void> };

/** The shop's harness (main) and a second sandbox configured as supplier b. */
export async function createTwoSuppliers(): Promise<TwoSuppliers> {
  Object.assign(process.env, supplierVars);
  resetEnvForTests();
  const h = await createHarness();
  const b = createSandbox({ dbPath: ":memory:", apiKey: bKey, settleMs: 3000, now: () => h.clock.ms });
  setUpstream(
    new UpstreamClient({ baseUrl: supplierVars.UPSTREAM_B_BASE_URL, apiKey: bKey, fetch: b.fetch, budget: null }),
    "b",
  );
  return {
    h,
    b,
    close: async () => {
      setUpstream(null, "b");
      b.close();
      await h.close();
      for (const key of Object.keys(supplierVars)) delete process.env[key];
      resetEnvForTests();
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
