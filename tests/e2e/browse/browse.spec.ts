// Storefront browsing in a real browser: search, filters in the URL, product page, 404s.
// Assumes the catalog was synced from the default sandbox catalog (Steam cards exist).
import { expect, test, type Page } from "@playwright/test";

/** The products of the page shown (Next keeps the page before a navigation in the document, hidden). */
const productNames = (page: Page) => page.getByTestId("product-link").filter({ visible: true }).allInnerTexts();

/** On narrow screens the filters sit in a closed <details>; open it when its summary shows. */
async function openFilters(page: Page) {
  const summary = page.locator(".filters-details > summary");
  if (await summary.isVisible()) {
    const open = await page.locator(".filters-details").getAttribute("open");
    if (open === null) await summary.click();
  }
}

async function applyFilters(page: Page) {
  const before = page.url();
  await page.getByRole("button", { name: "Apply" }).click();
  await page.waitForURL((url) => url.toString() !== before);
}

test("a shopper searches, filters and opens a product at the price the listing showed", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("combobox", { name: "Search products" }).fill("steam");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=steam/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “steam”");

  await openFilters(page);
  const region = page.getByRole("combobox", { name: "Region", exact: true });
  const regionValue = await region.locator("option").nth(1).getAttribute("value");
  expect(regionValue).toBeTruthy();
  await region.selectOption(regionValue!);
  await applyFilters(page);
  await expect(page).toHaveURL(new RegExp(`region=${encodeURIComponent(regionValue!)}(&|$)`));
  await expect(page.getByRole("combobox", { name: "Region", exact: true })).toHaveValue(regionValue!);

  // One tile per family: its name opens the family page in the filtered region, which offers a
  // value at the "from" price the tile showed.
  const card = page.getByTestId("family-tile").first();
  const name = (await card.getByTestId("product-link").innerText()).trim();
  const price = (await card.getByTestId("card-price").innerText()).replace(/^from\s*/, "").trim();
  await card.getByTestId("product-link").click();
  await expect(page).toHaveURL(new RegExp(`/f/[^?]+\\?region=${encodeURIComponent(regionValue!)}`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByTestId("value-picker")).toContainText(price);
  await expect(page.getByRole("button", { name: /buy|add/i }).first()).toBeVisible();
});

test("a filtered URL reloads to the same results and the same form state", async ({ page }) => {
  await page.goto("/search?q=steam&sort=price_desc&instock=1");
  const names = await productNames(page);
  expect(names.length).toBeGreaterThan(0);
  await page.reload();
  expect(await productNames(page)).toEqual(names);
  await openFilters(page);
  await expect(page.getByRole("combobox", { name: "Sort by" })).toHaveValue("price_desc");
  await expect(page.getByRole("checkbox", { name: "In stock only" })).toBeChecked();
});

test("the back button restores the previous filter and its results", async ({ page }) => {
  await page.goto("/t/gift_card");
  await openFilters(page);
  await page.getByRole("combobox", { name: "Sort by" }).selectOption("price_asc");
  await applyFilters(page);
  await expect(page).toHaveURL(/sort=price_asc/);
  const cheapestFirst = await productNames(page);

  await openFilters(page);
  await page.getByRole("combobox", { name: "Sort by" }).selectOption("price_desc");
  await applyFilters(page);
  await expect(page).toHaveURL(/sort=price_desc/);
  expect(await productNames(page)).not.toEqual(cheapestFirst);

  await page.goBack();
  await expect(page).toHaveURL(/sort=price_asc/);
  await openFilters(page);
  await expect(page.getByRole("combobox", { name: "Sort by" })).toHaveValue("price_asc");
  expect(await productNames(page)).toEqual(cheapestFirst);
});

test("pages through all products with server-side pagination", async ({ page }) => {
  await page.goto("/search");
  await expect(page.getByTestId("result-count")).toContainText(/Showing 1–24 of \d+ products/);
  const first = await productNames(page);
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByTestId("result-count").filter({ visible: true })).toContainText(/Showing 25–\d+ of/);
  expect(await productNames(page)).not.toEqual(first);
});

test("an unknown product or category shows the 404 page", async ({ page }) => {
  const product = await page.goto("/p/NO-SUCH-SKU-404");
  expect(product?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn’t find that page");
  const category = await page.goto("/c/no-such-category");
  expect(category?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn’t find that page");
});

test("sandbox test products are never shown to shoppers", async ({ page }) => {
  const response = await page.goto("/p/TEST-INSTANT");
  expect(response?.status()).toBe(404);
  await page.goto("/search?q=TEST-INSTANT");
  await expect(page.getByTestId("result-count")).toHaveText("No products found");
});
