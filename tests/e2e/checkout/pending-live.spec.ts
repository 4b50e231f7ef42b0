import { expect, test } from "@playwright/test";
import { pay } from "./helpers";

test("watches a TEST-PENDING order turn delivered without a reload", async ({ page }) => {
  await page.goto("/checkout?item=TEST-PENDING&qty=1");
  await pay(page);
  await expect(page).toHaveURL(/\/orders\//);
  await expect(page.getByTestId("order-pending")).toContainText("you can close this page");
  let navigations = 0;
  page.on("framenavigated", (f) => {
    if (f === page.mainFrame()) navigations++;
  });
  await expect(page.getByTestId("line-status")).toHaveText("Delivered", { timeout: 60_000 });
  await expect(page.getByTestId("order-pending")).toHaveCount(0);
  expect(navigations).toBe(0);
});
