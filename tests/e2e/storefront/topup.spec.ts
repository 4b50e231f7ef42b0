// A direct top-up starts with the player ID on the product page: the account name shows before
// the amount is chosen, then checkout arrives with the account already checked (issue 14 item 4).
import { expect, test } from "@playwright/test";
import { pay, restock } from "../checkout/helpers";
import { expectNoSeriousViolations } from "../a11y/axe";
import { expectNoSidewaysScroll } from "./helpers";

test("player ID first, account name before the amount, then pay and see it credited with the order's reference", async ({
  page,
  request,
}) => {
  await page.goto("/f/pubg-mobile-direct-top-up");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("PUBG Mobile");
  // After a client navigation Next keeps the previous page in the document, hidden: the page now
  // shown is the visible one (docs/storefront.md#the-rendering-model).
  const buy = page.getByTestId("topup-buy").filter({ visible: true });
  await expect(buy).toBeDisabled();
  await expect(page.getByText("Check your account first.")).toBeVisible();
  await expect(page.getByTestId("value-picker").locator("[aria-current]")).toHaveCount(0);

  await page.getByLabel(/Player ID/).fill("12345678");
  await page.getByRole("button", { name: "Check account" }).click();
  await expect(page.getByTestId("account-name")).toHaveText("Account: Player 5678");
  await expect(buy).toBeDisabled();
  await expect(page.getByText("Choose an amount.")).toBeVisible();

  await page.getByTestId("value-picker").getByRole("link").nth(1).click();
  await expect(page).toHaveURL(/value=\d+/);
  // The checked account survives choosing the amount.
  await expect(page.getByTestId("account-name").filter({ visible: true })).toHaveText("Account: Player 5678");
  await expect(buy).toBeEnabled();
  await expect(buy).toHaveText(/^Buy .* for \$\d+\.\d{2}$/);
  await expectNoSidewaysScroll(page);
  await buy.click();

  await expect(page).toHaveURL(/\/checkout\?item=PUBGM-/);
  await expect(page.getByTestId("account-name")).toHaveText("Account: Player 5678");
  await expect(page.getByLabel(/Player ID/)).toHaveValue("12345678");
  await expectNoSidewaysScroll(page);
  await restock(request, new URL(page.url()).searchParams.get("item")!);
  await pay(page);
  await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByTestId("order-reference")).toHaveText(/^GF-[2-9A-HJKMNP-TV-Z]{6}$/);
  await expect(page.getByTestId("topup-credited")).toHaveText("Credited to account Player 5678.", { timeout: 30_000 });
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);
});

test("a refused account ID shows one red message, on its field, and nothing can be bought", async ({ page }) => {
  await page.goto("/f/pubg-mobile-direct-top-up");
  await page.getByLabel(/Player ID/).fill("000000");
  await page.getByRole("button", { name: "Check account" }).click();
  await expect(page.getByLabel(/Player ID/)).toHaveAccessibleDescription(/Player ID/);
  await expect(page.locator("fieldset .text-red-700:not(:empty)")).toHaveCount(1);
  await page.getByTestId("value-picker").getByRole("link").first().click();
  await expect(page.getByTestId("topup-buy").filter({ visible: true })).toBeDisabled();
});

test("at checkout the account box keeps its heading inside on a phone and shows one message for a refused ID", async ({
  page,
}) => {
  await page.goto("/checkout?item=TEST-TOPUP&qty=1");
  const box = page.locator("fieldset").filter({ hasText: "Account to credit" });
  const legend = box.locator("legend");
  const [b, l] = [await box.boundingBox(), await legend.boundingBox()];
  expect(l!.x + l!.width).toBeLessThanOrEqual(b!.x + b!.width + 0.5);
  await page.getByLabel(/Player ID/).fill("000000");
  await page.getByRole("button", { name: "Check account" }).click();
  await expect(page.getByLabel(/Player ID/)).toHaveAccessibleDescription(/\S/);
  await expect(box.locator(".text-red-700:not(:empty)")).toHaveCount(1);
  await expectNoSidewaysScroll(page);
});
