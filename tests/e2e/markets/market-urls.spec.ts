// Market URLs (docs/markets.md#urls): a first visit lands in the shopper's market, a market's
// catalog pages show its currency and language with alternates for every market, and the header's
// switcher opens the same page in another market.
import { expect, test } from "@playwright/test";

const product = "/p/STEAM-EU-20";

test.describe("market URLs", () => {
  test.use({ locale: "id-ID", extraHTTPHeaders: { "accept-language": "id-ID,id;q=0.9" } });

  test("an Indonesian first visit lands in /id, whose product page is in rupiah with alternates, and the switcher moves it to Brazil in reais", async ({
    page,
  }) => {
    const first = await page.request.get("/", { maxRedirects: 0 });
    expect(first.status()).toBe(307);
    expect(first.headers()["location"]).toMatch(/\/id$/);
    expect(first.headers()["cache-control"]).toContain("no-store");

    await page.goto("/");
    await expect(page).toHaveURL(/\/id$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "id");

    await page.goto(`/id${product}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "id");
    await expect(page.getByText(/IDR|Rp/).first()).toBeVisible();
    for (const hreflang of ["id-ID", "en-ID", "pt-BR", "ar-SA", "en-US", "x-default"])
      await expect(page.locator(`link[rel="alternate"][hreflang="${hreflang}"]`)).toHaveCount(1);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/id${product}$`));

    await page.getByLabel("Market and language").selectOption("br|pt-BR");
    await expect(page).toHaveURL(new RegExp(`/br${product}$`));
    await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
    await expect(page.getByText(/R\$|BRL/).first()).toBeVisible();
  });

  test("a market page remembers the market: / is no longer redirected", async ({ page }) => {
    await page.goto(`/br${product}`);
    const again = await page.request.get("/", { maxRedirects: 0 });
    expect(again.status()).toBe(200);
  });
});

test("a prefix naming the default market or a market's default language redirects to the canonical URL", async ({
  request,
}) => {
  for (const [from, to] of [
    [`/us${product}`, product],
    [`/id/id${product}`, `/id${product}`],
  ]) {
    const response = await request.get(from, { maxRedirects: 0 });
    expect(response.status()).toBe(308);
    expect(new URL(response.headers()["location"], "http://x").pathname).toBe(to);
  }
  expect((await request.get(`/br/en${product}`, { maxRedirects: 0 })).status()).toBe(404);
});

test("Saudi Arabia's pages are written right to left", async ({ page }) => {
  await page.goto(`/sa${product}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.goto(`/sa/en${product}`);
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
});
