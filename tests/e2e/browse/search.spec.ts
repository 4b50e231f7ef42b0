// Search as a shopper meets it: suggestions while typing (mouse and keyboard), a typo that
// still finds the brand, and "did you mean" when nothing matches.
// Assumes the catalog was synced from the default sandbox catalog (Steam and PlayStation exist).
import { expect, test } from "@playwright/test";

test("suggests product families while typing and opens the family page picked with the keyboard", async ({ page }) => {
  await page.goto("/");
  const box = page.getByRole("combobox", { name: "Search products" });
  await box.fill("stea");
  const options = page.getByRole("listbox", { name: "Suggestions" }).getByRole("option");
  await expect(options.first()).toContainText("Steam");
  await expect(box).toHaveAttribute("aria-expanded", "true");

  await box.press("ArrowDown");
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/f\/steam-/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Steam");
});

test("a typo in the suggestions and on the results page still finds the brand", async ({ page }) => {
  await page.goto("/");
  const box = page.getByRole("combobox", { name: "Search products" });
  await box.fill("playstaion");
  await expect(page.getByRole("listbox", { name: "Suggestions" })).toContainText(
    "Showing suggestions for “playstation”",
  );
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=playstaion/);
  await expect(page.getByTestId("search-corrected")).toHaveText(
    "No results for “playstaion”. Showing results for “playstation”.",
  );
  await expect(page.getByTestId("product-link").first()).toContainText("PlayStation");
});

test("offers a spelling to click when nothing matches", async ({ page }) => {
  await page.goto("/search?q=stxxm");
  await expect(page.getByTestId("result-count")).toHaveText("No products found");
  await page.getByTestId("did-you-mean").getByRole("link", { name: "steam" }).click();
  await expect(page).toHaveURL(/\/search\?q=steam$/);
  await expect(page.getByTestId("product-link").first()).toContainText("Steam");
});
