// Holes 6 and 8: every refund is claimed before the provider is called and recorded after it,
// and the reconciler resumes whatever sits in between — whatever the line's status.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setPaymentProvider } from "@/lib/payments";
import { reconcileOnce } from "@/lib/orders/reconcile";
import { refreshLineByUpstreamOrderId } from "@/lib/orders/fulfilment/refresh-line";
import { refundDeliveredLine } from "@/lib/orders/refunds/refund-line";
import { gate } from "../../helpers/spy-provider";
import { createHarness, type Harness } from "../orders/harness";
import { buy, orderById, settle, installSpyProvider } from "./money-harness";

let h: Harness;
beforeAll(async () => (h = await createHarness({ settleMs: 3000 })));
afterAll(async () => h.close());
afterEach(() => setPaymentProvider(null));

describe("a staff refund of a delivered line whose process dies after the provider refunded (hole 6)", () => {
  it("is resumed by the reconciler: the line ends refunded, the provider refunded once", async () => {
    const spy = installSpyProvider();
    const r = await buy(h, "TEST-INSTANT");
    if (!r.ok || !("orderId" in r)) throw new Error("checkout failed");
    const line = (await orderById(r.orderId)).lines[0]!;
    expect(line.status).toBe("delivered");
    spy.hooks.crashAfterRefund = true;
    await refundDeliveredLine(line.id, { now: h.now(), reason: "Faulty card", actorId: "staff-1" }).catch(
      () => undefined,
    );
    await settle(h, { max: 5 });
    const order = await orderById(r.orderId);
    expect(order.lines[0]!.status).toBe("refunded");
    expect(order.refunds.map((x) => x.status)).toEqual(["succeeded"]);
    expect(spy.refunds).toHaveLength(1);
    expect(spy.netFor(r.orderId).toFixed(2)).toBe("0.00");
  });
});

describe("one failed line refunded by two paths at once (hole 8)", () => {
  it("calls the provider once: the webhook read-back and the reconciler cannot both refund", async () => {
    const spy = installSpyProvider();
    const r = await buy(h, "TEST-PENDING-FAIL");
    if (!r.ok || !("orderId" in r)) throw new Error("checkout failed");
    let line = (await orderById(r.orderId)).lines[0]!;
    expect(line.status).toBe("pending_upstream");
    await h.advance(5000); // the upstream order fails
    const g = gate();
    spy.hooks.beforeRefund = g;
    const webhook = refreshLineByUpstreamOrderId(
      line.upstreamOrderId!,
      { kind: "webhook", deliveryId: "wh_test_1" },
      h.now(),
    );
    await g.reached;
    await reconcileOnce({ now: h.now() });
    g.open();
    await webhook;
    await settle(h, { max: 3 });
    line = (await orderById(r.orderId)).lines[0]!;
    expect(line.status).toBe("refunded");
    expect(spy.hooks.refundCalls).toBe(1);
    expect(spy.refunds).toHaveLength(1);
  });
});
