import { expect, test } from "@playwright/test";
import { pay } from "./helpers";

test("buys TEST-INSTANT and reveals the code", async ({ page }) => {
  await page.goto("/checkout?item=TEST-INSTANT&qty=1");
  await expect(page.getByText("Test mode")).toBeVisible();
  await pay(page);
  await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByTestId("line-status")).toHaveText("Delivered", { timeout: 30_000 });
  expect(page.url()).not.toMatch(/code/i);
  await expect(page.getByTestId("revealed-code")).toHaveCount(0); // hidden until asked
  await page.getByRole("button", { name: "Reveal codes" }).click();
  await expect(page.getByTestId("revealed-code").first()).not.toBeEmpty();
});
