// Axe on the main shopper pages: no serious or critical accessibility violations.
import { expect, test, type Page } from "@playwright/test";
import { pay } from "../checkout/helpers";
import { expectNoSeriousViolations } from "./axe";

test("the home page has no serious accessibility violations", async ({ page }) => {
  await page.goto("/");
  await expectNoSeriousViolations(page);
});

test("a category listing has no serious accessibility violations", async ({ page }) => {
  await page.goto("/");
  const href = await page.locator('a[href^="/c/"]').first().getAttribute("href");
  expect(href).toBeTruthy();
  await page.goto(href!);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("search results have no serious accessibility violations", async ({ page }) => {
  await page.goto("/search?q=steam");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page);
});

/** Opens the first in-stock product family a search lists (test SKUs are not listed in the shop). */
async function openListedProduct(page: Page) {
  await page.goto("/search?q=steam&instock=1");
  await page.getByTestId("product-link").first().click();
  await expect(page).toHaveURL(/\/f\//);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

test("a product page has no serious accessibility violations", async ({ page }) => {
  await openListedProduct(page);
  await expectNoSeriousViolations(page);
});

test("the cart with an item has no serious accessibility violations", async ({ page }) => {
  await openListedProduct(page);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByText(/to your cart/)).toBeVisible();
  await page.goto("/cart");
  await expectNoSeriousViolations(page);
});

test("checkout has no serious accessibility violations", async ({ page }) => {
  await page.goto("/checkout?item=TEST-INSTANT&qty=1");
  await expect(page.getByLabel("Card number")).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("a delivered order page has no serious accessibility violations", async ({ page }) => {
  await page.goto("/checkout?item=TEST-INSTANT&qty=1");
  await pay(page);
  await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByTestId("line-status")).toHaveText("Delivered", { timeout: 30_000 });
  await expectNoSeriousViolations(page);
});

test("sign-in and sign-up have no serious accessibility violations", async ({ page }) => {
  await page.goto("/sign-in");
  await expectNoSeriousViolations(page);
  await page.goto("/sign-up");
  await expectNoSeriousViolations(page);
});
