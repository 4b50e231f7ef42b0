// Upstream calls per order, counted through the shopper's whole flow as the browser runs it:
// the checkout page's live quote, the top-up "verify account" step, checkout (its proofs sent
// back), the purchase after the response, and every webhook the upstream then sends.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { waitForAfterResponseTasks } from "@/lib/http/after-response";
import { checkout } from "@/lib/orders/checkout/checkout";
import { quoteForClient } from "@/lib/orders/quote/client-quote";
import { toQuoteView } from "@/lib/orders/quote/quote";
import { reconcileOnce } from "@/lib/orders/reconcile";
import { parseRequiredFields } from "@/lib/orders/quote/topup-fields";
import { validateTopupFields } from "@/lib/orders/quote/validate-topup";
import { createCallHarness, type CallHarness } from "./call-harness";

let h: CallHarness;
beforeAll(async () => {
  h = await createCallHarness();
});
afterAll(() => h.close());

const card = { number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" };
let n = 0;

/**
 * Verify (top-ups), quote, pay — what the checkout page does — then the purchase after the
 * response and, unless `webhooks` is false, the upstream's webhooks; returns the order's id.
 */
async function buyLikeTheBrowser(itemCode: string, fields?: Record<string, string>, webhooks = true) {
  const ip = `198.51.100.${++n}`;
  let accountProof: string | null | undefined;
  if (fields) {
    const product = await db.product.findUniqueOrThrow({ where: { itemCode } });
    const verified = await validateTopupFields(itemCode, parseRequiredFields(product.requiredFields), fields);
    if (!verified.ok) throw new Error(verified.message);
    accountProof = verified.proof;
  }
  const quoted = await quoteForClient([{ itemCode, quantity: 1 }], ip);
  if (!quoted.ok) throw new Error(quoted.message);
  const view = toQuoteView(quoted.quote);
  const item = { itemCode, quantity: 1, ...(fields ? { fields } : {}), ...(accountProof ? { accountProof } : {}) };
  const placed = await checkout(
    {
      email: "calls@example.com",
      items: [item],
      card,
      expectedTotal: view.total,
      ...(view.proof ? { quoteProof: view.proof } : {}),
    },
    { userId: null, ip },
  );
  if (!placed.ok) throw new Error(placed.message);
  await (webhooks ? h.settle() : waitForAfterResponseTasks());
  return placed.orderId;
}

describe("upstream calls per order", () => {
  it("an instant order costs two calls: the quote's check and the purchase; its webhooks read nothing", async () => {
    h.resetCalls();
    const orderId = await buyLikeTheBrowser("TEST-INSTANT");
    expect((await h.lineOf(orderId)).status).toBe("delivered");
    expect(h.calls()).toEqual(["POST /orders/check", "POST /orders"]);
    const line = await h.lineOf(orderId);
    const deliveries = await db.webhookDelivery.findMany({ where: { upstreamOrderId: line.upstreamOrderId! } });
    expect(deliveries.map((d) => [d.event, d.reason]).sort()).toEqual([
      ["order.completed", "unchanged"],
      ["order.created", "unchanged"],
    ]);
  });

  it("a top-up costs three calls: verify account, the quote's check, the purchase", async () => {
    h.resetCalls();
    const orderId = await buyLikeTheBrowser("TEST-TOPUP", { player_id: "12345678" });
    const line = await h.lineOf(orderId);
    expect(line.status).toBe("delivered");
    expect(line.displayName).toBe("Player 5678");
    expect(h.calls()).toEqual(["POST /orders/validate-fields", "POST /orders/check", "POST /orders"]);
  });

  it("a pending order settled by webhooks costs four calls: check, purchase, one read per webhook", async () => {
    h.resetCalls();
    const orderId = await buyLikeTheBrowser("TEST-PENDING");
    const line = await h.lineOf(orderId);
    expect(line.status).toBe("pending_upstream");
    expect(h.control.settleNow(line.upstreamOrderId!)).toBe(1);
    await h.settle();
    expect((await h.lineOf(orderId)).status).toBe("delivered");
    expect(h.calls()).toEqual(["POST /orders/check", "POST /orders", "GET /orders/:id", "GET /orders/:id"]);
  });

  it("a webhook for an order the shop already read in its final state is not read again", async () => {
    // The upstream's webhooks wait in its queue: the reconciler's poll settles the line first.
    const orderId = await buyLikeTheBrowser("TEST-PENDING", undefined, false);
    const line = await h.lineOf(orderId);
    expect(line.status).toBe("pending_upstream");
    h.control.settleNow(line.upstreamOrderId!);
    h.clock.offsetMs += 20_000;
    await reconcileOnce({ now: h.now() });
    expect((await h.lineOf(orderId)).status).toBe("delivered");

    h.resetCalls();
    await h.settle(); // order.created and order.completed arrive late, after the poll
    expect(h.calls()).toEqual([]);
    const deliveries = await db.webhookDelivery.findMany({ where: { upstreamOrderId: line.upstreamOrderId! } });
    expect(deliveries.map((d) => [d.event, d.status, d.reason]).sort()).toEqual([
      ["order.completed", "processed", "unchanged"],
      ["order.created", "processed", "unchanged"],
    ]);
  });
});
