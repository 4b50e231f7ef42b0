// No English left on a translated page (docs/markets.md#languages): the shopper's main pages in
// Indonesian and Arabic are read line by line, and a line that is exactly an English catalog
// message the page's catalog translates differently fails the scan, naming the page and the key.
// What is not in the catalogs (the upstream's product text, a brand) is not English to the scan.
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { restock } from "../checkout/helpers";

type Catalog = { [key: string]: string | Catalog };

function flatten(catalog: Catalog, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    if (typeof value === "string") out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const readCatalog = (locale: string) =>
  flatten(JSON.parse(fs.readFileSync(`messages/${locale}.json`, "utf8")) as Catalog);

/** English text → its key, for every message without arguments that `locale` words differently. */
function englishLeaks(locale: string): Map<string, string> {
  const translated = readCatalog(locale);
  const leaks = new Map<string, string>();
  for (const [key, english] of readCatalog("en")) {
    if (english.includes("{") || translated.get(key) === english) continue;
    leaks.set(english.trim(), key);
  }
  return leaks;
}

/**
 * Every line of text the page shows (screen-reader-only labels included), its placeholders and its
 * title, less what the page marks as written in another language (a help page shown in English
 * where its language has no version, docs/markets.md#languages).
 */
async function shownLines(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const lines = (text: string) => text.split("\n").map((line) => line.trim());
    const lang = document.documentElement.lang;
    const marked = new Set(
      [...document.body.querySelectorAll<HTMLElement>("[lang]")]
        .filter((el) => el.lang !== lang)
        .flatMap((el) => lines(el.innerText)),
    );
    const placeholders = [...document.querySelectorAll("[placeholder]")].map(
      (el) => el.getAttribute("placeholder") ?? "",
    );
    return [...lines(document.body.innerText), ...placeholders, document.title.split(" · ")[0]]
      .map((line) => line.trim())
      .filter((line) => line && !marked.has(line));
  });
}

const markets = [
  { prefix: "/id", locale: "id" },
  { prefix: "/sa", locale: "ar" },
];
// A global card: offered in every market (docs/markets.md#the-products-a-market-offers).
const item = "ROBLOX-GLOBAL-10";

test("the shopper's main pages in Indonesian and Arabic show no English catalog text", async ({ page, request }) => {
  test.setTimeout(180_000);
  // An order to show, placed in Indonesian with the TEST card.
  await restock(request, item);
  await page.goto(`/id/checkout?item=${item}`);
  await page.getByLabel(/^Email untuk struk/).fill(`scan-${Date.now()}@example.com`);
  await page.getByLabel("Nomor kartu").fill("4242 4242 4242 4242");
  await page.getByLabel("Masa berlaku (BB/TT)").fill("12/30");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Bayar / }).click();
  await expect(page).toHaveURL(/\/id\/orders\/[A-Za-z0-9_-]{43}$/);
  const order = new URL(page.url()).pathname.replace(/^\/id/, "");

  const pages = [
    "/",
    "/t/game_card",
    "/f/roblox-game-card",
    `/p/${item}`,
    "/search?q=steam",
    "/cart",
    `/checkout?item=${item}`,
    "/sign-in",
    order,
    "/help",
  ];
  const found: string[] = [];
  for (const { prefix, locale } of markets) {
    const leaks = englishLeaks(locale);
    // A cart with a line in it, so the cart page shows its table rather than its empty state.
    const words = readCatalog(locale);
    await page.goto(`${prefix}/p/${item}`);
    await page.getByRole("button", { name: words.get("product.addToCart") }).click();
    await expect(page.getByRole("link", { name: words.get("product.viewCart") })).toBeVisible();
    for (const path of pages) {
      const url = prefix + (path === "/" ? "" : path);
      await page.goto(url);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      for (const line of await shownLines(page)) {
        const key = leaks.get(line);
        if (key) found.push(`${url}: "${line}" (${key})`);
      }
    }
  }
  expect([...new Set(found)]).toEqual([]);
});
