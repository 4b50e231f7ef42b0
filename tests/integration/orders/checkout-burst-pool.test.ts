// More concurrent checkouts than the process has database connections: every one is answered
// (paid, or a clear refusal), none throws. The order's transaction holds a connection while it
// waits for the wallet row's lock; anything it asked of the pool from inside (the global client)
// would wait for a connection the queued transactions hold, until Prisma's transaction timeout.
// On SQLite there is no pool (one connection, writes one after another): the test passes there
// either way and runs to show the burst is still decided one after another.
import { vi } from "vitest";

vi.hoisted(() => {
  // Read by lib/db.ts when the client is built: a small pool, as on a small instance.
  process.env.DATABASE_POOL_SIZE = "3";
});

import { afterAll, beforeAll, expect, it } from "vitest";
import { getBalanceView } from "@/lib/admin/overview/balance";
import { db } from "@/lib/db";
import { placeOrder } from "@/lib/orders/checkout/place-order";
import { quoteItems } from "@/lib/orders/quote/quote";
import { setPaymentProvider } from "@/lib/payments";
import { cards, createHarness, type Harness } from "./harness";
import { installSpyProvider } from "../money/money-harness";

let h: Harness;
beforeAll(async () => (h = await createHarness()));
afterAll(async () => {
  setPaymentProvider(null);
  await h.close();
});

const burst = 12;

it("answers a burst of checkouts larger than the connection pool without an error", { timeout: 120_000 }, async () => {
  const spy = installSpyProvider();
  h.control.setBalance("5000.00");
  await getBalanceView({ now: h.now(), force: true }); // an estimate: every checkout re-checks the reserve
  const items = [{ itemCode: "TEST-INSTANT", quantity: 1 }];
  const expectedTotal = (await quoteItems(items)).total.toFixed(2);
  const card = { number: cards.ok, expiry: "12/30", cvc: "123" };
  const orders = await db.order.count();

  const results = await Promise.allSettled(
    Array.from({ length: burst }, (_, i) =>
      placeOrder({ email: `burst${i}@example.com`, items, card, expectedTotal }, { now: h.now() }),
    ),
  );

  const errors = results.flatMap((r) =>
    r.status === "rejected"
      ? [String((r.reason as { code?: string }).code ?? (r.reason as Error).name)]
      : r.value.ok || r.value.outcome !== "error"
        ? []
        : [r.value.message],
  );
  expect(errors).toEqual([]);
  expect(results.map((r) => r.status === "fulfilled" && r.value.ok)).toEqual(Array(burst).fill(true));
  expect({ orders: (await db.order.count()) - orders, charges: spy.charges.length }).toEqual({
    orders: burst,
    charges: burst,
  });
});
