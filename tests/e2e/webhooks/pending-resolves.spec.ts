// A TEST-PENDING order bought in the browser turns Delivered within about a second of the
// sandbox settling it: the signed order.completed webhook settles the line immediately.
import { expect, test } from "@playwright/test";
import { pay, sandboxKey } from "../checkout/helpers";

type Attempt = { event: string; order_id: number; http_status: number | null; ok: boolean };

test("turns a pending order delivered within about a second of the upstream settling it", async ({ page, request }) => {
  const control = (action: string, data: object = {}) =>
    request.post(`/sandbox/control/${action}`, { headers: { "X-API-Key": sandboxKey }, data });

  await page.goto("/checkout?item=TEST-PENDING&qty=1");
  await pay(page);
  await expect(page).toHaveURL(/\/orders\//);
  await expect(page.getByTestId("order-pending")).toBeVisible();

  const orders = (await (await control("listOrders")).json()) as {
    data: { orders: { order_id: number; status: string }[] };
  };
  const pending = orders.data.orders.filter((o) => o.status === "pending");
  const orderId = Math.max(...pending.map((o) => o.order_id));

  expect((await control("settleNow", { orderId })).ok()).toBe(true);
  expect((await control("flushWebhooks")).ok()).toBe(true);
  await expect(page.getByTestId("line-status")).toHaveText("Delivered", { timeout: 2_500 });

  const log = (await (await control("webhookLog")).json()) as { data: { attempts: Attempt[] } };
  const completed = log.data.attempts.filter((a) => a.order_id === orderId && a.event === "order.completed");
  expect(completed.length).toBeGreaterThanOrEqual(1);
  expect(completed.every((a) => a.ok && a.http_status === 200)).toBe(true);
});
