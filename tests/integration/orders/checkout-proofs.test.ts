// The proofs checkout may trust instead of asking the upstream again (lib/orders/quote/quote-proof.ts,
// lib/orders/quote/account-proof.ts): a fresh one for exactly this cart saves the call; a forged,
// expired or mismatched one is ignored — checkout asks again and decides as it always did,
// never refusing an order for the proof alone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { placeOrder } from "@/lib/orders/checkout/place-order";
import { applyPromoToQuote } from "@/lib/orders/quote/promo-quote";
import { proofFreshMs } from "@/lib/orders/quote/proof-token";
import { quoteItems, toQuoteView } from "@/lib/orders/quote/quote";
import { parseRequiredFields } from "@/lib/orders/quote/topup-fields";
import { validateTopupFields } from "@/lib/orders/quote/validate-topup";
import { createPromo } from "../promos/promo-harness";
import { createCallHarness, type CallHarness } from "./call-harness";

let h: CallHarness;
beforeAll(async () => {
  h = await createCallHarness();
});
afterAll(() => h.close());

type Item = { itemCode: string; quantity: number; fields?: Record<string, string>; accountProof?: string };
const card = { number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" };
const instant = [{ itemCode: "TEST-INSTANT", quantity: 1 }];
const check = "POST /orders/check";
const validate = "POST /orders/validate-fields";

async function quote(items: { itemCode: string; quantity: number }[]) {
  return toQuoteView(await quoteItems(items, { now: h.now() }));
}

/** Checkout as the browser sends it; `calls` are the upstream calls checkout itself made. */
async function pay(items: Item[], expectedTotal: string, quoteProof?: string) {
  h.resetCalls();
  const result = await placeOrder(
    { email: "proofs@example.com", items, card, expectedTotal, ...(quoteProof ? { quoteProof } : {}) },
    { now: h.now() },
  );
  return { result, calls: h.calls() };
}

async function lineOf(result: Awaited<ReturnType<typeof placeOrder>>) {
  if (!result.ok) throw new Error(result.message);
  return h.lineOf(result.orderId);
}

/** The token with one character of its sealed payload changed (the signature no longer holds). */
function tamper(token: string): string {
  const [v, body, mac] = token.split(".");
  return [v, body!.slice(0, 10) + (body![10] === "A" ? "B" : "A") + body!.slice(11), mac].join(".");
}

describe("quote proofs", () => {
  it("trusts a fresh proof of the same cart: checkout asks the upstream nothing before payment", async () => {
    const asked = h.now().getTime();
    const view = await quote(instant);
    const answered = h.now().getTime();
    // Well inside the owner's quote window (60 s by default).
    h.clock.offsetMs += 30_000;
    const { result, calls } = await pay(instant, view.total, view.proof!);
    expect(calls).toEqual([]);
    const line = await lineOf(result);
    expect(line.unitPrice.toFixed(2)).toBe(view.lines[0]!.unitPrice);
    // The price guard before purchase counts from the quote's check, not from the order.
    expect(line.priceCheckedAt!.getTime()).toBeGreaterThanOrEqual(asked);
    expect(line.priceCheckedAt!.getTime()).toBeLessThanOrEqual(answered);
  });

  it("checks again when the proof was tampered with, and places the order", async () => {
    const view = await quote(instant);
    const { result, calls } = await pay(instant, view.total, tamper(view.proof!));
    expect(calls).toEqual([check]);
    expect(result.ok).toBe(true);
  });

  it("does not believe a made-up proof of a lower cost: the live price decides", async () => {
    const fake = (s: string) => Buffer.from(s).toString("base64url");
    const claim = { at: h.now().getTime(), cur: "USD", lines: [["TEST-INSTANT", 1, "0.01", "0.02", null]] };
    const forged = `p1.${fake(JSON.stringify(claim))}.${fake("x".repeat(32))}`;
    const orders = await db.order.count();
    const { result, calls } = await pay(instant, "0.02", forged);
    expect(calls).toEqual([check]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/price changed/i);
    expect(await db.order.count()).toBe(orders);
  });

  it("ignores a malformed proof instead of refusing the order", async () => {
    const view = await quote(instant);
    const { result, calls } = await pay(instant, view.total, "not a proof <script>");
    expect(calls).toEqual([check]);
    expect(result.ok).toBe(true);
  });

  it("checks again once the proof is older than its window, and shows a price that rose meanwhile", async () => {
    const view = await quote(instant);
    h.clock.offsetMs += proofFreshMs + 1_000;
    const { result, calls } = await pay(instant, view.total, view.proof!);
    expect(calls).toEqual([check]);
    expect(result.ok).toBe(true);

    const before = await quote(instant);
    h.control.publishChanges({ priceChanges: { "TEST-INSTANT": "3.00" } });
    h.clock.offsetMs += proofFreshMs + 1_000;
    const late = await pay(instant, before.total, before.proof!);
    expect(late.calls).toEqual([check]);
    expect(late.result.ok).toBe(false);
    if (!late.result.ok) expect(late.result.message).toMatch(/price changed/i);
    h.control.publishChanges({ priceChanges: { "TEST-INSTANT": "1.00" } });
  });

  it("checks again when the proof was for another quantity or another item", async () => {
    const one = await quote(instant);
    const two = [{ itemCode: "TEST-INSTANT", quantity: 2 }];
    const moreUnits = await pay(two, (Number(one.lines[0]!.unitPrice) * 2).toFixed(2), one.proof!);
    expect(moreUnits.calls).toEqual([check]);
    expect(moreUnits.result.ok).toBe(true);

    const pending = [{ itemCode: "TEST-PENDING", quantity: 1 }];
    const pendingTotal = (await quote(pending)).total;
    const otherItem = await pay(pending, pendingTotal, one.proof!);
    expect(otherItem.calls).toEqual([check]);
    expect(otherItem.result.ok).toBe(true);

    const both = [...instant, ...pending];
    const total = (Number(one.total) + Number(pendingTotal)).toFixed(2);
    const extraLine = await pay(both, total, one.proof!);
    expect(extraLine.calls).toEqual([check, check]);
  });

  it("checks again when the cart repeats one quoted line in place of another", async () => {
    const pending = [{ itemCode: "TEST-PENDING", quantity: 1 }];
    const both = await quote([...instant, ...pending]);
    // Two lines of TEST-INSTANT: the proof vouched for one unit of it, not two.
    const twice = [...instant, ...instant];
    const { calls } = await pay(twice, (Number(both.lines[0]!.unitPrice) * 2).toFixed(2), both.proof!);
    expect(calls).toEqual([check, check]);
  });

  it("checks again when the catalog has since learnt of a higher cost than the proof's", async () => {
    const view = await quote(instant);
    // The supplier raised the price and a catalog sync recorded it after the quote.
    h.control.publishChanges({ priceChanges: { "TEST-INSTANT": "3.00" } });
    await db.product.update({ where: { itemCode: "TEST-INSTANT" }, data: { chargedPrice: "3.00" } });
    try {
      const orders = await db.order.count();
      const { result, calls } = await pay(instant, view.total, view.proof!);
      expect(calls).toEqual([check]);
      expect(result).toMatchObject({ ok: false, message: expect.stringMatching(/price changed/i) });
      expect(await db.order.count()).toBe(orders);
    } finally {
      h.control.publishChanges({ priceChanges: { "TEST-INSTANT": "1.00" } });
      await db.product.update({ where: { itemCode: "TEST-INSTANT" }, data: { chargedPrice: "1.00" } });
    }
  });

  it("does not sell at a proven price the pricing rules no longer allow: checks again, then asks to confirm", async () => {
    const view = await quote(instant);
    // The owner raises this SKU's minimum margin after the shopper saw the price.
    const rule = await db.pricingRule.create({
      data: { scope: "sku", key: "TEST-INSTANT", markupPercent: 10, minMarginPercent: 50, minMarginAmount: 0 },
    });
    try {
      const orders = await db.order.count();
      const { result, calls } = await pay(instant, view.total, view.proof!);
      expect(calls).toEqual([check]);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.message).toMatch(/price changed/i);
      expect(Number(result.quote!.total)).toBeGreaterThan(Number(view.total));
      expect(await db.order.count()).toBe(orders);
      // The answer's quote carries its own proof: paying the new price now needs no new check.
      const again = await pay(instant, result.quote!.total, result.quote!.proof!);
      expect(again.calls).toEqual([]);
      expect(again.result.ok).toBe(true);
    } finally {
      await db.pricingRule.delete({ where: { id: rule.id } });
    }
  });

  it("reuses the proof with a promo code: the proven list price, then the discount and its margin", async () => {
    h.control.publishChanges({ priceChanges: { "TEST-PENDING": "10.00" } });
    try {
      await createPromo({ code: "PROOF5", value: "5" });
      const items = [{ itemCode: "TEST-PENDING", quantity: 1 }];
      const applied = await applyPromoToQuote(await quoteItems(items, { now: h.now() }), "PROOF5", { now: h.now() });
      if (!applied.ok) throw new Error(applied.message);
      const view = toQuoteView(applied.quote);
      h.resetCalls();
      const input = { email: "proofs@example.com", items, card, expectedTotal: view.total, promoCode: "PROOF5" };
      const result = await placeOrder({ ...input, quoteProof: view.proof! }, { now: h.now() });
      expect(h.calls()).toEqual([]);
      const line = await lineOf(result);
      expect([line.unitCost, line.unitPrice, line.unitDiscount].map((d) => d.toFixed(2))).toEqual([
        "10.00",
        "10.45",
        "0.55",
      ]);
    } finally {
      h.control.publishChanges({ priceChanges: { "TEST-PENDING": "1.00" } });
    }
  });
});

describe("account proofs", () => {
  const specsOf = async (itemCode: string) =>
    parseRequiredFields((await db.product.findUniqueOrThrow({ where: { itemCode } })).requiredFields);

  async function verify(itemCode: string, fields: Record<string, string>) {
    const r = await validateTopupFields(itemCode, await specsOf(itemCode), fields, { now: h.now() });
    if (!r.ok) throw new Error(r.message);
    return r.proof!;
  }

  async function payTopup(itemCode: string, fields: Record<string, string>, accountProof: string) {
    const view = await quote([{ itemCode, quantity: 1 }]);
    return pay([{ itemCode, quantity: 1, fields, accountProof }], view.total);
  }

  it("keeps the account a fresh proof vouches for, without validating it again", async () => {
    const proof = await verify("TEST-TOPUP", { player_id: "12345678" });
    const { result, calls } = await payTopup("TEST-TOPUP", { player_id: " 12345678 " }, proof);
    expect(calls).toEqual([check]);
    expect((await lineOf(result)).displayName).toBe("Player 5678");
  });

  it("validates again when the values changed, and refuses an account the upstream refuses", async () => {
    const proof = await verify("TEST-TOPUP", { player_id: "12345678" });
    const other = await payTopup("TEST-TOPUP", { player_id: "22345670" }, proof);
    expect(other.calls).toEqual([validate, check]);
    expect((await lineOf(other.result)).displayName).toBe("Player 5670");

    const refused = await payTopup("TEST-TOPUP", { player_id: "000000" }, proof);
    expect(refused.calls).toEqual([validate]);
    expect(refused.result.ok).toBe(false);
    if (!refused.result.ok) expect(refused.result.fieldErrors?.["items.0.fields.player_id"]).toBeDefined();
  });

  it("validates again for another SKU, after the window, or when the proof was tampered with", async () => {
    const fields = { player_id: "12345678" };
    const proof = await verify("TEST-TOPUP", fields);
    expect((await payTopup("TEST-TOPUP-PENDING", fields, proof)).calls).toEqual([validate, check]);
    expect((await payTopup("TEST-TOPUP", fields, tamper(proof))).calls).toEqual([validate, check]);
    h.clock.offsetMs += proofFreshMs + 1_000;
    expect((await payTopup("TEST-TOPUP", fields, proof)).calls).toEqual([validate, check]);
  });
});
