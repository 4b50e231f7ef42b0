// Issue 14, in a real browser (desktop and a 390×844 phone): one tile per brand, a family page
// whose region and value live in the URL with the price following them, pages that never scroll
// sideways, and no serious accessibility violations on the new pages.
import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations } from "../a11y/axe";
import { expectNoSidewaysScroll, tileLink } from "./helpers";

test("search 'steam' shows one Steam tile, which opens a page where region and value choose the price", async ({
  page,
}) => {
  await page.goto("/search?q=steam");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “steam”");
  await expect(page.getByTestId("family-tile")).toHaveCount(1);
  await expect(page.getByTestId("result-count")).toHaveText("Showing 1–1 of 1 products");
  const tile = page.getByTestId("family-tile").first();
  await expect(tile.getByRole("link")).toHaveText("Steam");
  await expect(tile).toContainText("EU · UK · US");
  await expectNoSidewaysScroll(page);

  await tileLink(page, "Steam").click();
  await expect(page).toHaveURL(/\/f\/steam-game-card/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Steam");

  // After a client navigation Next keeps the previous page in the document, hidden: the page now
  // shown is the visible one (docs/storefront.md#the-rendering-model).
  const regions = page.getByTestId("region-switch");
  await regions.getByRole("link", { name: /Europe/ }).click();
  await expect(page).toHaveURL(/region=EU/);
  await expect(regions.getByRole("link", { name: /Europe/ })).toHaveAttribute("aria-current", "true");
  await expect(page.getByTestId("selected-sku").filter({ visible: true })).toContainText("EU");

  // Each value's price is the price the page then shows for it.
  const values = page.getByTestId("value-picker").getByRole("link");
  const count = await values.count();
  expect(count).toBeGreaterThan(1);
  const seen = new Set<string>();
  for (const i of [count - 1, 0]) {
    const option = values.nth(i);
    const label = (await option.locator("span").first().innerText()).trim();
    const price = (await option.locator("span").nth(1).innerText()).trim();
    await option.click();
    await expect(page).toHaveURL(/value=\d/);
    await expect(values.nth(i)).toHaveAttribute("aria-current", "true");
    await expect(page.getByTestId("product-price").filter({ visible: true })).toContainText(price);
    await expect(page.getByTestId("selected-sku").filter({ visible: true })).toContainText(label);
    seen.add(await page.getByTestId("product-price").filter({ visible: true }).innerText());
  }
  expect(seen.size).toBe(2);

  // A shared link reopens the same choice; another region shows its own values and price.
  const shared = page.url();
  const price = await page.getByTestId("product-price").filter({ visible: true }).innerText();
  await page.goto(shared);
  await expect(page.getByTestId("product-price").filter({ visible: true })).toHaveText(price);
  await regions.getByRole("link", { name: /United Kingdom/ }).click();
  await expect(page).toHaveURL(/region=UK/);
  await expect(page.getByTestId("selected-sku").filter({ visible: true })).toContainText("UK");
  await expect(page.getByRole("button", { name: "Add to cart" })).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test("the family page opens in the shopper's region from the browser's language", async ({ browser }) => {
  const context = await browser.newContext({ locale: "en-GB" });
  const page = await context.newPage();
  await page.goto("/f/steam-game-card");
  await expect(page.getByTestId("region-switch").getByRole("link", { name: /United Kingdom/ })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await expect(page.getByTestId("selected-sku").filter({ visible: true })).toContainText("UK");
  await context.close();
});

test("a SKU's own page still opens by item code, with its family around it", async ({ page }) => {
  const res = await page.goto("/p/STEAM-EU-20");
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Steam");
  await expect(page.getByTestId("selected-sku").filter({ visible: true })).toContainText("€20");
  await expect(page.getByTestId("region-switch").getByRole("link", { name: /Europe/ })).toHaveAttribute(
    "aria-current",
    "true",
  );
});

test("home shows best sellers and, after a visit, recently viewed; artwork comes through the shop", async ({
  page,
}) => {
  await page.goto("/f/steam-game-card");
  // The family page records the visit once it is hydrated: wait for that, not for the load event.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem("recently-viewed") ?? ""))
    .toContain("steam-game-card");
  await page.goto("/");
  await expect(page.getByRole("heading", { name: /Best sellers|Popular picks/ })).toBeVisible();
  await expect(page.getByTestId("recently-viewed").getByRole("link", { name: "Steam" })).toBeVisible();
  const src = await page.getByTestId("family-tile").first().locator("img").getAttribute("src");
  expect(src).toMatch(/^\/img\/[A-Za-z0-9_-]{16}\/\d+$/);
  const img = await page.request.get(src!);
  expect(img.status()).toBe(200);
  expect(img.headers()["content-type"]).toMatch(/^image\//);
  expect(img.headers()["cache-control"]).toContain("immutable");
  await expectNoSidewaysScroll(page);
});

test("no storefront page scrolls sideways", async ({ page }) => {
  for (const path of [
    "/",
    "/t/game_card",
    "/search?q=card",
    "/f/steam-game-card?region=EU",
    "/f/pubg-mobile-direct-top-up",
    "/orders/find",
    "/help",
    "/refund-policy",
    "/cart",
  ]) {
    await page.goto(path);
    await expect(page.locator("main")).toBeVisible();
    await expectNoSidewaysScroll(page);
  }
});

test("the new pages have no serious accessibility violations", async ({ page }) => {
  for (const path of [
    "/f/steam-game-card?region=EU&value=20",
    "/f/pubg-mobile-direct-top-up",
    "/orders/find",
    "/help",
    "/",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page);
  }
});
