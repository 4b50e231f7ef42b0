// Shared steps for checkout specs: pay on the TEST MODE form and read sandbox orders.
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { e2eSecrets } from "../e2e-env.mjs";

export const sandboxKey = process.env.SANDBOX_API_KEY ?? e2eSecrets.SANDBOX_API_KEY;

/** Fills email (a fresh one unless given) and card and presses Pay. */
export async function pay(page: Page, card = "4242 4242 4242 4242", email = `e2e-${Date.now()}@example.com`) {
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel("Card number").fill(card);
  await page.getByLabel("Expiry (MM/YY)").fill("12/30");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay / }).click();
}

/**
 * Gives a SKU stock at the sandbox upstream, so a spec never depends on units an earlier run on the
 * same sandbox bought (some generated SKUs start with two).
 */
export async function restock(request: APIRequestContext, itemCode: string, stock = 1000) {
  const res = await request.post("/sandbox/control/publishChanges", {
    headers: { "X-API-Key": sandboxKey },
    data: { stock: { [itemCode]: stock } },
  });
  expect(res.ok()).toBe(true);
}

/** Number of orders the sandbox upstream holds (to prove nothing was bought). */
export async function upstreamOrderCount(request: APIRequestContext): Promise<number> {
  const res = await request.post("/sandbox/control/listOrders", { headers: { "X-API-Key": sandboxKey }, data: {} });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { data: { orders: unknown[] } };
  return body.data.orders.length;
}
