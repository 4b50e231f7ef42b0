// Order polling must never use the whole upstream budget and starve shoppers' checks: polls of
// pending orders spend the "poll" share (70 %), below checks (85 %) and purchases (100 %).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reconcileOnce } from "@/lib/orders/reconcile";
import { refreshLineByUpstreamOrderId } from "@/lib/orders/fulfilment/refresh-line";
import { setUpstream, UpstreamClient } from "@/lib/upstream";
import type { Budget } from "@/lib/upstream/budget";
import type { Priority } from "@/lib/upstream/types";
import { apiKey, createHarness, type Harness } from "../orders/harness";
import { buy, orderById } from "./money-harness";

let h: Harness;
const spent: Priority[] = [];
beforeAll(async () => {
  h = await createHarness({ settleMs: 60_000 });
  const budget: Budget = { acquire: async (p) => void spent.push(p), report: async () => undefined };
  setUpstream(
    new UpstreamClient({
      baseUrl: "http://sandbox.test/sandbox/v1",
      apiKey,
      fetch: h.sandbox.fetch,
      budget,
      timeoutMs: 5000,
      purchaseTimeoutMs: 5000,
    }),
  );
});
afterAll(async () => h.close());

describe("the upstream budget's priorities for order work", () => {
  it("spends checks as check, the purchase as purchase, and every poll and webhook read-back as poll", async () => {
    const r = await buy(h, "TEST-PENDING");
    if (!r.ok || !("orderId" in r)) throw new Error("checkout failed");
    expect(spent.filter((p) => p !== "check")).toEqual(["purchase"]);
    spent.length = 0;
    await h.advance(20_000);
    await reconcileOnce({ now: h.now() });
    const line = (await orderById(r.orderId)).lines[0]!;
    await refreshLineByUpstreamOrderId(line.upstreamOrderId!, { kind: "webhook", deliveryId: "wh_prio" }, h.now());
    expect(spent).toEqual(["poll", "poll"]);
  });
});
