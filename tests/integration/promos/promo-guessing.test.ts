// Promo codes cannot be found by guessing (lib/rate-limit/client-limits.ts `promoCodes`): the
// quote and checkout count their tries against one limit per client, and once it is spent
// checkout answers an unknown code and a real one alike.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { checkout } from "@/lib/orders/checkout/checkout";
import { quoteWithPromoForClient } from "@/lib/orders/quote/client-promo-quote";
import { quoteItems } from "@/lib/orders/quote/quote";
import { setRateLimitClockForTests } from "@/lib/rate-limit";
import { clientLimits } from "@/lib/rate-limit/client-limits";
import { cards, createHarness, type Harness } from "../orders/harness";
import { createPromo } from "./promo-harness";

let h: Harness;
beforeAll(async () => {
  // Every try counts at one instant, so no allowance comes back however slowly the machine runs.
  setRateLimitClockForTests(() => new Date("2026-11-25T12:00:30Z"));
  h = await createHarness();
  // 50 % off breaks every line's minimum margin: a real code the shop refuses by product name.
  await createPromo({ code: "HALFOFF", value: "50" });
});
afterAll(async () => {
  setRateLimitClockForTests(undefined);
  await h.close();
});

const items = [{ itemCode: "TEST-INSTANT", quantity: 1 }];

async function checkoutWithCode(ip: string, promoCode: string) {
  const quote = await quoteItems(items);
  return checkout(
    {
      email: "guesser@example.com",
      items,
      card: { number: cards.ok, expiry: "12/30", cvc: "123" },
      expectedTotal: quote.total.toFixed(2),
      promoCode,
    },
    { userId: null, ip },
  );
}

describe("promo attempts", () => {
  it("refuses promo codes at checkout once the quote has spent the client's promo attempts", async () => {
    const ip = "203.0.113.7";
    for (let i = 0; i < clientLimits.promoCodes.limit; i++) await quoteWithPromoForClient(items, `GUESS${i}`, ip);
    const refusedQuote = await quoteWithPromoForClient(items, "GUESS-NEXT", ip);
    expect(refusedQuote.ok).toBe(false);

    const orders = await db.order.count();
    const unknown = await checkoutWithCode(ip, "NOSUCHCODE");
    const real = await checkoutWithCode(ip, "HALFOFF");
    expect(unknown.ok).toBe(false);
    expect(real.ok).toBe(false);
    if (unknown.ok || real.ok) return;
    expect(unknown.message).not.toMatch(/don't know the code/);
    expect(real.message).not.toMatch(/cannot be used on/);
    expect(real.message).toBe(unknown.message);
    expect(await db.order.count()).toBe(orders);
  });

  it("counts checkout's promo attempts against the same limit as the quote's", async () => {
    const ip = "198.51.100.8";
    for (let i = 1; i < clientLimits.promoCodes.limit; i++) await quoteWithPromoForClient(items, `TRY${i}`, ip);
    const atCheckout = await checkoutWithCode(ip, "TRY-AT-CHECKOUT");
    expect(atCheckout.ok).toBe(false);
    const refusedQuote = await quoteWithPromoForClient(items, "HALFOFF", ip);
    expect(refusedQuote.ok).toBe(false);
  });
});
