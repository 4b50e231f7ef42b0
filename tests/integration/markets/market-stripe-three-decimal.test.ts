// A market in a three-decimal currency (Kuwaiti dinar) through Stripe Checkout: Stripe takes
// three-decimal amounts only in multiples of 10 thousandths (docs/markets.md#minor-units), so the
// prices the shop shows and charges there must be amounts Stripe can charge, and a shopper who
// pays the total shown is sent to the payment page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../orders/harness";
import type { FakeStripe } from "../stripe/fake-stripe";
import { stopStripe, useStripe } from "../stripe/stripe-harness";
import { buyInMarket, createMarket, pinPrices } from "./market-harness";

let h: Harness;
let fake: FakeStripe;
beforeAll(async () => {
  h = await createHarness();
  fake = await useStripe();
  // TEST-INSTANT: cost 19.37 → 21.31 USD.
  await pinPrices(h, { "TEST-INSTANT": ["19.37", "21.31"] });
  // The market form accepts "smallest unit" rounding for dinars (docs/markets.md#rounding-to-price-points).
  await createMarket({
    slug: "kw",
    name: "Kuwait",
    currency: "KWD",
    rate: "0.307",
    rateSetAt: new Date(h.clock.ms - 3_600_000),
    rounding: { kind: "none" },
  });
});
afterAll(async () => {
  await stopStripe(fake);
  await h.close();
});

const sessionCreates = () => fake.requests.filter((x) => x.method === "POST" && x.path === "/v1/checkout/sessions");

describe("a dinar order through Stripe Checkout", () => {
  it("sends a shopper who pays the dinar total shown to Stripe's payment page", async () => {
    const sessions = sessionCreates().length;
    const { shown, result } = await buyInMarket(h, [{ itemCode: "TEST-INSTANT", quantity: 1 }], {
      market: "kw",
      card: null,
    });
    // 21.31 × 0.307 = 6.54217 → 6.550 KWD: not 6.543, which Stripe cannot take (6543 is not a
    // multiple of 10), so the shopper pays exactly the total shown.
    expect(shown).toMatchObject({ currency: "KWD", total: "6.550" });
    // The payment page, not "we could not open the payment page" for every dinar price off Stripe's step.
    expect({ ok: result.ok, paymentStatus: result.ok ? result.paymentStatus : result.message }).toEqual({
      ok: true,
      paymentStatus: "requires_redirect",
    });
    expect(sessionCreates()).toHaveLength(sessions + 1);
  });
});
