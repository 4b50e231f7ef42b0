import { expect, test } from "@playwright/test";
import { pay } from "./helpers";

test("buys a direct top-up: sees the account name, pays, sees it credited", async ({ page }) => {
  await page.goto("/checkout?item=TEST-TOPUP&qty=1");
  await page.getByLabel(/Player ID/).fill("12345678");
  await page.getByRole("button", { name: "Check account" }).click();
  await expect(page.getByTestId("account-name")).toHaveText("Account: Player 5678");
  // The order goes with the quote's and the account's proofs: checkout need not ask the upstream again.
  const order = page.waitForRequest(
    (r) =>
      r.method() === "POST" && new URL(r.url()).pathname === "/checkout" && /expectedTotal/.test(r.postData() ?? ""),
  );
  await pay(page);
  expect((await order).postData()).toContain('"accountProof":"p1.');
  expect((await order).postData()).toContain('"quoteProof":"p1.');
  await expect(page).toHaveURL(/\/orders\//);
  await expect(page.getByTestId("topup-credited")).toHaveText("Credited to account Player 5678.", { timeout: 30_000 });
});

test("puts a refused account id on its field and takes no payment", async ({ page }) => {
  await page.goto("/checkout?item=TEST-TOPUP&qty=1");
  await page.getByLabel(/Player ID/).fill("000000");
  await page.getByRole("button", { name: "Check account" }).click();
  await expect(page.getByLabel(/Player ID/)).toHaveAccessibleDescription(/\S/);
  await expect(page.getByRole("button", { name: /^Pay / })).toBeDisabled();
});

test("Enter in an account field checks the account and never pays", async ({ page }) => {
  await page.goto("/checkout?item=TEST-TOPUP&qty=1");
  await page.getByLabel(/^Email/).fill(`e2e-enter-${Date.now()}@example.com`);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/30");
  await page.getByLabel("CVC").fill("123");
  const field = page.getByLabel(/Player ID/);
  await field.fill("12345678");
  await field.press("Enter");
  await expect(page.getByTestId("account-name")).toHaveText("Account: Player 5678");
  const payButton = page.getByRole("button", { name: /^Pay / });
  await expect(payButton).toBeEnabled();
  // With Pay enabled, Enter used to submit the payment form; now it only re-runs the check.
  const checked = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/checkout",
  );
  await field.press("Enter");
  await checked;
  await expect(page.getByTestId("account-name")).toHaveText("Account: Player 5678");
  await expect(payButton).toBeEnabled();
  expect(new URL(page.url()).pathname).toBe("/checkout");
});
