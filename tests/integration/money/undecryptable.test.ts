// Hole 7: codes the shop cannot decrypt (code encryption switched on upstream with a key the
// shop does not hold, or a rotated key). The order exists and is paid for upstream: keep its
// id, move the line to waiting-on-upstream with a reason staff can act on, never buy again.
import crypto from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { reconcileOnce } from "@/lib/orders/reconcile";
import { refreshLineByUpstreamOrderId } from "@/lib/orders/fulfilment/refresh-line";
import { createHarness, type Harness } from "../orders/harness";
import { buy, orderById } from "./money-harness";

let h: Harness;
beforeAll(async () => (h = await createHarness()));
afterAll(async () => h.close());
afterEach(() => h.control.setOptions({ codeEncryption: false }));

describe("codes that cannot be decrypted", () => {
  it("keeps the upstream order id, asks staff for help and never buys again", async () => {
    const { publicKey } = crypto.generateKeyPairSync("rsa", {
      modulusLength: 2048,
      publicKeyEncoding: { type: "spki", format: "pem" },
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
    });
    h.control.setOptions({ publicKeyPem: publicKey, codeEncryption: true });
    const r = await buy(h, "TEST-INSTANT");
    if (!r.ok || !("orderId" in r)) throw new Error("checkout failed");
    for (let i = 0; i < 4; i++) {
      await h.advance(10 * 60_000);
      await reconcileOnce({ now: h.now() });
    }
    const line = (await orderById(r.orderId)).lines[0]!;
    expect(line.status).toBe("pending_upstream");
    expect(line.upstreamOrderId).not.toBeNull();
    expect(line.attentionReason).toMatch(/decrypt/i);
    expect(await db.upstreamCall.count({ where: { lineId: line.id, endpoint: "POST /orders" } })).toBe(1);
    expect(h.control.listOrders().filter((o) => o.idempotency_key === line.idempotencyKey)).toHaveLength(1);
    // A webhook for that order finds the line (it is no longer an "unknown order").
    expect(
      await refreshLineByUpstreamOrderId(line.upstreamOrderId!, { kind: "webhook", deliveryId: "wh_x" }, h.now()),
    ).not.toBe("unknown_order");
  });
});
