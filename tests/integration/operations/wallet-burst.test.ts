// A burst of checkouts against a wallet that covers only one of them: the reserve check is made
// again inside each order's transaction with the wallet row locked, so they are decided one after
// another and only what the wallet covers is sold (before, every checkout of the burst passed).
import { afterAll, beforeAll, expect, it } from "vitest";
import { getBalanceView } from "@/lib/admin/overview/balance";
import { db } from "@/lib/db";
import { placeOrder } from "@/lib/orders/checkout/place-order";
import { quoteItems } from "@/lib/orders/quote/quote";
import { setPaymentProvider } from "@/lib/payments";
import { cards, createHarness, type Harness } from "../orders/harness";
import { installSpyProvider } from "../money/money-harness";

let h: Harness;
beforeAll(async () => (h = await createHarness()));
afterAll(async () => {
  setPaymentProvider(null);
  await h.close();
});

it("sells a burst of checkouts only as far as the wallet covers, charging none of the others", async () => {
  const spy = installSpyProvider();
  await db.upstreamWallet.deleteMany();
  h.control.setBalance("1.50"); // TEST-INSTANT costs 1.00 upstream: one sale, not two
  await getBalanceView({ now: h.now(), force: true });
  const items = [{ itemCode: "TEST-INSTANT", quantity: 1 }];
  const expectedTotal = (await quoteItems(items)).total.toFixed(2);
  const card = { number: cards.ok, expiry: "12/30", cvc: "123" };
  const orders = await db.order.count();
  const one = () => placeOrder({ email: "burst@example.com", items, card, expectedTotal }, { now: h.now() });

  const results = await Promise.all([one(), one(), one(), one()]);

  expect(results.filter((r) => r.ok)).toHaveLength(1);
  for (const r of results.filter((x) => !x.ok))
    expect(r).toMatchObject({ outcome: "unavailable", message: expect.stringMatching(/temporarily unavailable/i) });
  expect({ orders: (await db.order.count()) - orders, charges: spy.charges.length }).toEqual({ orders: 1, charges: 1 });
});
