// An upstream delivery is applied on the inbox's clock (the `now` it receives with), like every
// other path that moves an order: a line a delivery leaves pending is scheduled from that clock,
// never from the wall clock (a test's virtual clock, a resumed delivery).
import { afterAll, beforeAll, expect, it } from "vitest";
import { db } from "@/lib/db";
import { waitForAfterResponseTasks } from "@/lib/http/after-response";
import { fulfilPaidOrder } from "@/lib/orders/fulfilment/fulfil-order";
import { receiveWebhook } from "@/lib/webhooks/inbox";
import { upstreamWebhooks } from "@/lib/webhooks/upstream/source";
import { checkout, createHarness, type Harness } from "../orders/harness";
import { buildDelivery } from "./delivery";

let h: Harness;
beforeAll(async () => {
  // Years from the wall clock, so a schedule taken from it cannot pass for one taken from this.
  h = await createHarness({ start: Date.parse("2031-03-10T09:00:00Z") });
});
afterAll(() => h.close());

it("schedules a line a delivery leaves pending from the receiver's clock", async () => {
  const r = await checkout(h, [{ itemCode: "TEST-PENDING" }]);
  if (!r.ok) throw new Error(r.message);
  await fulfilPaidOrder(r.orderId, h.now());
  const line = await db.orderLine.findFirstOrThrow({ where: { orderId: r.orderId } });
  expect(line.status).toBe("pending_upstream");
  await h.advance(1000);
  const { request } = buildDelivery({
    orderId: line.upstreamOrderId!,
    event: "order.created",
    timestampS: Math.floor(h.clock.ms / 1000),
  });
  expect((await receiveWebhook(upstreamWebhooks, request, h.clock.ms)).status).toBe(200);
  await waitForAfterResponseTasks();
  const after = await db.orderLine.findUniqueOrThrow({ where: { id: line.id } });
  expect(after.status).toBe("pending_upstream");
  expect(after.nextCheckAt!.getTime()).toBeGreaterThanOrEqual(h.clock.ms);
  expect(after.nextCheckAt!.getTime()).toBeLessThan(h.clock.ms + 3_600_000);
});
