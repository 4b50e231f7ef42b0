import { expect, test } from "@playwright/test";
import { pay } from "./helpers";

test("buys a direct top-up: sees the account name, pays, sees it credited", async ({ page }) => {
  await page.goto("/checkout?item=TEST-TOPUP&qty=1");
  await page.getByLabel(/Player ID/).fill("12345678");
  await page.getByRole("button", { name: "Check account" }).click();
  await expect(page.getByTestId("account-name")).toHaveText("Account: Player 5678");
  await pay(page);
  await expect(page).toHaveURL(/\/orders\//);
  await expect(page.getByTestId("topup-credited")).toHaveText("Credited to account Player 5678.", { timeout: 30_000 });
});

test("puts a refused account id on its field and takes no payment", async ({ page }) => {
  await page.goto("/checkout?item=TEST-TOPUP&qty=1");
  await page.getByLabel(/Player ID/).fill("000000");
  await page.getByRole("button", { name: "Check account" }).click();
  await expect(page.locator("#line-0-player_id-err")).not.toBeEmpty();
  await expect(page.getByRole("button", { name: /^Pay / })).toBeDisabled();
});
