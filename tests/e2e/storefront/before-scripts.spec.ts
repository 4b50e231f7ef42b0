// What a shopper types before the page's scripts have arrived is kept once they have: on a slow
// phone the cached page is readable (and its fields usable) a while before it is interactive
// (docs/storefront.md#speed-on-phones). The framework's scripts are held here until the fields
// are filled, then let through.
import { expect, test, type Page, type Route } from "@playwright/test";

/** Holds every framework script until `release()`; the page is parsed and painted meanwhile. */
async function holdScripts(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route("**/_next/static/chunks/**", (route) => (released ? route.continue() : void held.push(route)));
  return {
    release: async () => {
      released = true;
      await Promise.all(held.splice(0).map((r) => r.continue()));
    },
  };
}

test("words typed into the search field before the scripts arrive get their suggestions once they do", async ({
  page,
}) => {
  const scripts = await holdScripts(page);
  await page.goto("/", { waitUntil: "domcontentloaded" });
  const box = page.getByRole("combobox", { name: "Search products" });
  await box.fill("stea");
  await scripts.release();
  await expect(page.getByRole("listbox", { name: "Suggestions" }).getByRole("option").first()).toContainText("Steam");
  await expect(box).toHaveValue("stea");
});

test("a player ID typed before the scripts arrive is the one checked once they have", async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto("/f/pubg-mobile-direct-top-up", { waitUntil: "domcontentloaded" });
  await page.getByLabel(/Player ID/).fill("12345678");
  await scripts.release();
  // "Check account" is enabled once the page has hydrated.
  await page.getByRole("button", { name: "Check account" }).click();
  await expect(page.getByTestId("account-name")).toHaveText("Account: Player 5678");
  await expect(page.getByLabel(/Player ID/)).toHaveValue("12345678");
});

test("a quantity typed on a product page before the scripts arrive is the one bought", async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto("/p/WALMART-US-25", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Quantity").fill("3");
  await scripts.release();
  // "Buy now" is enabled once the page has hydrated.
  await page.getByRole("button", { name: "Buy now" }).click();
  await expect(page).toHaveURL(/\/checkout\?item=WALMART-US-25&qty=3$/);
});

test("an email and card typed at checkout before the scripts arrive pay once they have", async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto("/checkout?item=TEST-INSTANT&qty=1", { waitUntil: "domcontentloaded" });
  await page.getByLabel(/^Email/).fill(`early-${Date.now()}@example.com`);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/30");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel(/Have a code/).fill("NO-SUCH-CODE");
  await scripts.release();
  // The code typed early is the one tried: Apply is enabled only for a code in the field.
  await page.getByRole("button", { name: "Apply", exact: true }).click();
  await expect(page.getByTestId("promo-error")).not.toBeEmpty();
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{43}$/);
});

test("the account checked for a family stays checked when its ID is typed again before the scripts arrive", async ({
  page,
}) => {
  await page.goto("/f/pubg-mobile-direct-top-up");
  await page.getByLabel(/Player ID/).fill("12345678");
  await page.getByRole("button", { name: "Check account" }).click();
  await expect(page.getByTestId("account-name")).toHaveText("Account: Player 5678");
  // Back on the page (an amount picked before it hydrated, say): the field is empty until the
  // scripts restore the checked account, and the shopper types the same ID again meanwhile.
  const scripts = await holdScripts(page);
  await page.reload({ waitUntil: "domcontentloaded" });
  await page.getByLabel(/Player ID/).fill("12345678");
  await scripts.release();
  await expect(page.getByRole("button", { name: "Check account" })).toBeEnabled();
  await expect(page.getByTestId("account-name")).toHaveText("Account: Player 5678");
});
