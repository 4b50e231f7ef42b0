// The deployment's topology without containers (scripts/cluster-stack.ts, what `npm run cluster`
// starts): nginx with deploy/nginx/shop.conf.template in front of two standalone servers of the
// e2e build on ONE PostgreSQL database, the sandbox upstream as its own server. A shopper buys a
// listed product in Chromium entirely through nginx; nginx's access log names the replica that
// answered every request, and both must have served this purchase.
import { expect, test } from "@playwright/test";
import { readAccessLog } from "../../../scripts/cluster-nginx";
import type { Stack } from "../../../scripts/cluster-stack";
import { pay } from "../checkout/helpers";
import { startProxyStack } from "./proxy-stack";

let stack: Stack;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  stack = await startProxyStack("proxy", { SANDBOX_SETTLE_MS: "3000", RECONCILE_INTERVAL_MS: "1000" });
});

test.afterAll(async () => {
  await stack?.stop();
});

test("a whole purchase works through nginx, with requests spread over both replicas", async ({ page }) => {
  test.setTimeout(120_000);
  const base = stack.url;
  await page.goto(`${base}/search?q=steam&instock=1`);
  await page.getByTestId("product-link").first().click();
  await expect(page).toHaveURL(/\/f\//);
  // "Add to cart" answers only once React has hydrated the page (its scripts came through nginx).
  await page.getByRole("button", { name: /Add to cart/ }).click();
  await expect(page.getByText(/Added \d+ × /)).toBeVisible();
  await page.goto(`${base}/cart`);
  await page.getByRole("link", { name: "Go to checkout" }).click();
  await expect(page.getByText("Test mode")).toBeVisible();
  await pay(page);
  await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{43}$/);
  // Delivered is shown live: the status stream and any supplier webhook also pass through nginx.
  await expect(page.getByTestId("line-status")).toHaveText("Delivered", { timeout: 60_000 });
  await page.getByRole("button", { name: "Reveal codes" }).click();
  await expect(page.getByTestId("revealed-code").first()).not.toBeEmpty();

  // The purchase's requests (not nginx's start-up check), counted per replica that answered them.
  const log = readAccessLog(stack.nginx.accessLog).filter((l) => !l.request.startsWith("GET /api/health "));
  const served = stack.replicas.map((r) => log.filter((l) => l.upstream === new URL(r.url).host).length);
  expect(
    served.every((n) => n > 0),
    `requests per replica: ${served.join(", ")}`,
  ).toBe(true);
  const posts = log.filter((l) => l.request.startsWith("POST "));
  expect(posts.length, "the purchase posted through nginx").toBeGreaterThan(0);
  expect(
    log.filter((l) => l.status >= 500),
    "no request failed at the proxy or a replica",
  ).toEqual([]);
});
