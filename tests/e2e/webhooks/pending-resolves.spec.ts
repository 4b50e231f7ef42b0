// A TEST-PENDING order bought in the browser turns Delivered once the sandbox settles it and its
// signed order.completed webhook is delivered (how quickly is measured by `npm run bench`, not here).
import { expect, test } from "@playwright/test";
import { pay, sandboxKey } from "../checkout/helpers";

type Attempt = { event: string; order_id: number; http_status: number | null; ok: boolean };
type SandboxOrder = { order_id: number; item_code: string; status: string };

test("turns a pending order delivered when the upstream settles it and says so by webhook", async ({
  page,
  request,
}) => {
  const control = (action: string, data: object = {}) =>
    request.post(`/sandbox/control/${action}`, { headers: { "X-API-Key": sandboxKey }, data });
  const sandboxOrders = async () =>
    ((await (await control("listOrders")).json()) as { data: { orders: SandboxOrder[] } }).data.orders;
  const lastBefore = Math.max(0, ...(await sandboxOrders()).map((o) => o.order_id));

  await page.goto("/checkout?item=TEST-PENDING&qty=1");
  await pay(page);
  await expect(page).toHaveURL(/\/orders\//);
  await expect(page.getByTestId("order-pending")).toBeVisible();

  // The shop buys after the response: the page can show "being processed" before the upstream
  // order exists, and the sandbox may already have settled it by itself when it is read.
  let orderId = 0;
  await expect
    .poll(async () => {
      const ours = (await sandboxOrders()).filter((o) => o.order_id > lastBefore && o.item_code === "TEST-PENDING");
      orderId = ours[0]?.order_id ?? 0;
      return ours.length;
    })
    .toBe(1);

  expect((await control("settleNow", { orderId })).ok()).toBe(true);
  expect((await control("flushWebhooks")).ok()).toBe(true);
  await expect(page.getByTestId("line-status")).toHaveText("Delivered");

  // The sandbox's own tick may be delivering the same webhook while flushWebhooks runs: await its log line.
  const completedAttempts = async () =>
    ((await (await control("webhookLog")).json()) as { data: { attempts: Attempt[] } }).data.attempts.filter(
      (a) => a.order_id === orderId && a.event === "order.completed",
    );
  await expect.poll(async () => (await completedAttempts()).length).toBeGreaterThanOrEqual(1);
  expect((await completedAttempts()).every((a) => a.ok && a.http_status === 200)).toBe(true);
});
