// A deliberately deployed demo says so on every page, shop and admin, without breaking the
// phone layout.
import { expect, test } from "@playwright/test";
import { ownerEmail, ownerPassword, signIn } from "../admin/helpers";

const banner = (page: import("@playwright/test").Page) => page.getByRole("complementary", { name: "Demo notice" });

test("says Demo on shop, sign-in, error and admin pages", async ({ page }) => {
  for (const path of ["/", "/search?q=steam", "/p/TEST-INSTANT", "/sign-in", "/no-such-page"]) {
    await page.goto(path);
    await expect(banner(page), path).toContainText("Demo");
  }
  await signIn(page, ownerEmail, ownerPassword, "/admin");
  await expect(banner(page)).toContainText("No real money is taken");
});

test("fits a phone screen: the banner wraps, nothing scrolls sideways", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/");
  await expect(banner(page)).toBeVisible();
  const box = (await banner(page).boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
