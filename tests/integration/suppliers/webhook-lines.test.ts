// A supplier's webhook names an order by that supplier's number; another supplier may use the same
// number for an order of its own. A delivery moves only a line bought from its sender
// (docs/suppliers.md#webhooks).
import { afterAll, beforeAll, expect, it } from "vitest";
import { db } from "@/lib/db";
import { fulfilPaidOrder } from "@/lib/orders/fulfilment/fulfil-order";
import { refreshLineByUpstreamOrderId } from "@/lib/orders/fulfilment/refresh-line";
import { checkout, createHarness, type Harness } from "../orders/harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

it("moves a line bought from main on main's notice only, never on b's for the same order number", async () => {
  const r = await checkout(h, [{ itemCode: "TEST-PENDING" }]);
  if (!r.ok) throw new Error(r.message);
  await fulfilPaidOrder(r.orderId, h.now());
  const line = await db.orderLine.findFirstOrThrow({ where: { orderId: r.orderId } });
  expect(line).toMatchObject({ supplier: "main", status: "pending_upstream" });
  await h.advance(3_500);
  const fromB = { kind: "webhook", deliveryId: "wh_from_b" } as const;
  expect(await refreshLineByUpstreamOrderId(line.upstreamOrderId!, fromB, h.now(), "b")).toBe("unknown_order");
  expect((await db.orderLine.findUniqueOrThrow({ where: { id: line.id } })).status).toBe("pending_upstream");
  const fromMain = { kind: "webhook", deliveryId: "wh_from_main" } as const;
  expect(await refreshLineByUpstreamOrderId(line.upstreamOrderId!, fromMain, h.now())).toBe("updated");
  expect((await db.orderLine.findUniqueOrThrow({ where: { id: line.id } })).status).toBe("delivered");
});
