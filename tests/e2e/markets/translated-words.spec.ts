// The last English words on translated pages, and the shop's own 404 everywhere
// (docs/markets.md#languages, docs/markets.md#urls): the switcher, the search page, the site's
// title and description, a not-found catalog page under a market, an unknown deeper path, and the
// canonical of a listing's later pages.
import { expect, test } from "@playwright/test";

const product = "/p/STEAM-EU-20";

test("the market switcher is labelled in the page's language", async ({ page }) => {
  await page.goto(`/id${product}`);
  await expect(page.getByRole("combobox", { name: "Negara dan bahasa" })).toBeVisible();
  await page.goto(`/sa${product}`);
  await expect(page.getByRole("combobox", { name: "البلد واللغة" })).toBeVisible();
});

test("the search page's heading and title are in the page's language", async ({ page }) => {
  await page.goto("/id/search?q=steam");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hasil untuk “steam”");
  await expect(page).toHaveTitle(/^Pencarian: steam · /);
  await page.goto("/sa/search");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("كل المنتجات");
});

test("the site's title and description are in the page's language", async ({ page }) => {
  await page.goto("/id");
  await expect(page).toHaveTitle(/kartu hadiah, kartu game, dan isi ulang$/i);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^Beli kartu hadiah/);
  await page.goto("/sa/cart");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^اشترِ بطاقات الهدايا/);
});

/** Not storable by anyone: private, and no-store (Next may add no-cache and max-age=0 to it). */
const neverStored = /^private, (.*, )?no-store/;

test("a product that does not exist under a market answers 404, never stored", async ({ request }) => {
  for (const path of ["/id/p/NOPE", "/sa/p/NOPE", "/p/NOPE"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(response.headers()["cache-control"], path).toMatch(neverStored);
  }
});

// Not yet: Next 16.4 answers notFound() thrown while a page renders with its error shell
// (`<html id="__next_error__">`, no lang, no dir), in which the browser then draws the not-found
// page from the payload; only a URL that matches no route gets app/global-not-found.tsx as a whole
// document. See docs/markets.md#languages.
test.fixme("a product that does not exist under a market is the shop's not-found document in its language", async ({
  page,
}) => {
  for (const [path, lang, dir, heading] of [
    ["/id/p/NOPE", "id", "ltr", "Kami tidak dapat menemukan halaman itu"],
    ["/sa/p/NOPE", "ar", "rtl", "لم نتمكن من العثور على هذه الصفحة"],
    ["/p/NOPE", "en", "ltr", "We couldn’t find that page"],
  ]) {
    const response = await page.goto(path);
    // The document as sent, before any script runs, already names its language and direction.
    expect(await response?.text(), path).toContain(`<html lang="${lang}" dir="${dir}"`);
    await expect(page.locator("html"), path).toHaveAttribute("lang", lang);
    await expect(page.locator("html"), path).toHaveAttribute("dir", dir);
    await expect(page.getByRole("heading", { level: 1 }), path).toHaveText(heading);
  }
});

test("an unknown two-segment path is the shop's not-found page, never stored", async ({ page }) => {
  for (const [path, heading] of [
    ["/cart/x", "We couldn’t find that page"],
    ["/id/cart/x", "Kami tidak dapat menemukan halaman itu"],
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    expect(response?.headers()["cache-control"], path).toMatch(neverStored);
    expect(await response?.text(), path).toMatch(/^<!DOCTYPE html><html lang="(en|id)" dir="ltr"/);
    await expect(page.getByRole("heading", { level: 1 }), path).toHaveText(heading);
  }
});

test("each page of a listing is its own canonical, without its filters or sort", async ({ request }) => {
  const canonicalOf = async (path: string) => {
    const html = await (await request.get(path)).text();
    return html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
  };
  expect(await canonicalOf("/t/gift_card?sort=price_asc")).toMatch(/\/t\/gift_card$/);
  expect(await canonicalOf("/t/gift_card?page=2&sort=price_asc&instock=1")).toMatch(/\/t\/gift_card\?page=2$/);
  const html = await (await request.get("/id/t/gift_card?page=2")).text();
  expect(html.match(/<link rel="canonical" href="([^"]+)"/)?.[1]).toMatch(/\/id\/t\/gift_card\?page=2$/);
  expect(html).toMatch(/<link rel="alternate" hrefLang="en-US" href="[^"]+\/t\/gift_card\?page=2"/);
});
