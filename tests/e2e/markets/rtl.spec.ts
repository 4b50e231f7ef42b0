// Right to left (docs/markets.md#languages): Saudi Arabia's pages are Arabic, `dir="rtl"`, and
// on a 360×740 phone none of them scrolls sideways; the Arabic and Indonesian home and product
// pages have no serious accessibility violation. Runs on the desktop and the phone projects.
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousViolations } from "../a11y/axe";

// Global products: Saudi Arabia and Indonesia offer them (docs/markets.md#the-products-a-market-offers).
const product = "/p/ROBLOX-GLOBAL-10";
const family = "/f/roblox-game-card";

/** Fails when the page is wider than the window (a phone would scroll it sideways). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // What sticks out, named in the failure (a list that scrolls inside itself is not the page's).
    const wide = [...document.querySelectorAll("body *")]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && (box.right > width + 0.5 || box.left < -0.5) && !el.closest("[class*=overflow-x-auto]");
      })
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 50)}`);
    return {
      document: document.documentElement.scrollWidth - width,
      body: document.body.scrollWidth - document.body.clientWidth,
      wide: wide.length && document.documentElement.scrollWidth > width ? wide : [],
    };
  });
  expect(overflow, `sideways overflow on ${page.url()}`).toEqual({ document: 0, body: 0, wide: [] });
}

async function expectRightToLeft(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
}

test.describe("an Arabic phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the home, family and product pages are right to left with no sideways scroll", async ({ page }) => {
    for (const path of ["/sa", `/sa${family}`, `/sa${product}`]) {
      await page.goto(path);
      await expectRightToLeft(page);
      await expectNoSidewaysScroll(page);
    }
  });

  test("the layout mirrors: the header's first item sits at the right edge", async ({ page }) => {
    await page.goto(`/sa${product}`);
    const home = page.locator("header a").first();
    const box = await home.boundingBox();
    expect(box).not.toBeNull();
    // In a right-to-left row the first item starts at the inline start, the right.
    expect(box!.x + box!.width).toBeGreaterThan(360 / 2);
  });

  test("the cart with an item is right to left with no sideways scroll", async ({ page }) => {
    await page.goto(`/sa${product}`);
    await page.getByRole("button", { name: "أضف إلى السلة" }).click();
    await expect(page.getByText(/إلى سلتك/)).toBeVisible();
    await page.goto("/sa/cart");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expectNoSidewaysScroll(page);
  });

  test("checkout is right to left with no sideways scroll, its test cards left to right", async ({ page }) => {
    await page.goto("/sa/checkout?item=TEST-INSTANT&qty=1");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByLabel("رقم البطاقة")).toBeVisible();
    await expect(page.locator('strong[dir="ltr"]', { hasText: "4242 4242 4242 4242" })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});

test.describe("axe in Arabic and Indonesian", () => {
  for (const market of ["sa", "id"]) {
    test(`/${market} home and product pages have no serious accessibility violations`, async ({ page }) => {
      for (const path of [`/${market}`, `/${market}${product}`]) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
        await expectNoSeriousViolations(page);
      }
    });
  }
});
