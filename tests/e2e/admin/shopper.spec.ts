// A shopper signs up, signs in, buys TEST-INSTANT and finds the order in their history; the
// admin stays closed to them.
import { expect, test } from "@playwright/test";
import { pay } from "../checkout/helpers";
import { signIn } from "./helpers";

test("a shopper signs up, buys, and sees the order in the account history", async ({ page }) => {
  const email = `shopper-${Date.now()}@e2e.test`;
  const password = "shopper-password-0123";
  await page.goto("/sign-up");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText(/Check your email/)).toBeVisible();

  await signIn(page, email, password, "/account");
  await expect(page.getByRole("heading", { name: "Your orders" })).toBeVisible();
  await expect(page.getByText(/No orders yet/)).toBeVisible();

  await page.goto("/checkout?item=TEST-INSTANT&qty=1");
  await pay(page);
  await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{43}$/);
  const orderPath = new URL(page.url()).pathname;
  await expect(page.getByTestId("line-status")).toHaveText("Delivered", { timeout: 30_000 });

  await page.goto("/account");
  const link = page.locator(`a[href="${orderPath}"]`);
  await expect(link).toBeVisible();
  await expect(link).toContainText("1 ×");
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${orderPath}$`));

  await page.goto("/admin");
  await expect(page).not.toHaveURL(/\/admin/);
});
