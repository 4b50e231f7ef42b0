import { expect, test } from "@playwright/test";
import { pay, upstreamOrderCount } from "./helpers";

test("a declined test card takes no order upstream", async ({ page, request }) => {
  const before = await upstreamOrderCount(request);
  await page.goto("/checkout?item=TEST-INSTANT&qty=1");
  await pay(page, "4000 0000 0000 0002");
  await expect(page.getByTestId("checkout-message")).toContainText("declined");
  await expect(page).toHaveURL(/\/checkout/);
  expect(await upstreamOrderCount(request)).toBe(before);
});
