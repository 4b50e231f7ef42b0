// Password reset end to end: ask for a link (the same answer for an unknown email), open it
// from the outbox, choose a new password; the old password and the old session stop working.
import { expect, test } from "@playwright/test";
import { linkFromLatestEmail } from "../outbox";
import { shopperPassword, signUpShopper } from "./shopper-account";

test("a shopper resets a forgotten password through the emailed link", async ({ page, browser, baseURL }) => {
  const email = await signUpShopper(page, "reset");
  await page.goto("/sign-in?callbackUrl=/account");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(shopperPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Your orders" })).toBeVisible();
  const oldSession = await page.context().cookies();

  const other = await browser.newContext({ baseURL });
  const p = await other.newPage();
  await p.goto("/sign-in");
  await p.getByRole("link", { name: "Forgot your password?" }).click();
  // Fill the form of the page the link opened, not the sign-in form it replaces (which Next keeps
  // in the document, hidden, for going back: docs/storefront.md#the-rendering-model).
  await expect(p.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await p.getByLabel("Email").filter({ visible: true }).fill(`nobody-${Date.now()}@e2e.test`);
  await p.getByRole("button", { name: "Send the link" }).click();
  const sameAnswer = /If an account uses this email, we sent it a link/;
  await expect(p.getByRole("status")).toHaveText(sameAnswer);
  const answer = (await p.getByRole("status").textContent())!;
  await p.goto("/forgot-password");
  await p.getByLabel("Email").fill(email);
  await p.getByRole("button", { name: "Send the link" }).click();
  await expect(p.getByRole("status")).toHaveText(answer);

  const link = await linkFromLatestEmail(email, "password_reset");
  expect(new URL(link).pathname).toBe("/reset-password");
  await p.goto(link);
  await p.getByLabel("New password (10+ characters)").fill("a-brand-new-password-9");
  await p.getByLabel("New password again").fill("a-brand-new-password-9");
  await p.getByRole("button", { name: "Change my password" }).click();
  await expect(p.getByText(/Your password was changed/)).toBeVisible();

  await p.goto(link);
  await p.getByLabel("New password (10+ characters)").fill("yet-another-password-9");
  await p.getByLabel("New password again").fill("yet-another-password-9");
  await p.getByRole("button", { name: "Change my password" }).click();
  await expect(p.getByText(/not valid, was already used, or has expired/)).toBeVisible();

  await p.goto("/sign-in?callbackUrl=/account");
  await p.getByLabel("Email").fill(email);
  await p.getByLabel("Password").fill(shopperPassword);
  await p.getByRole("button", { name: "Sign in" }).click();
  await expect(p.getByTestId("sign-in-error")).toHaveText("Wrong email or password.");
  await p.getByLabel("Password").fill("a-brand-new-password-9");
  await p.getByRole("button", { name: "Sign in" }).click();
  await expect(p.getByRole("heading", { name: "Your orders" })).toBeVisible();
  await other.close();

  // The session from before the reset ended with it.
  const stale = await browser.newContext({ baseURL });
  await stale.addCookies(oldSession);
  const s = await stale.newPage();
  await s.goto("/account");
  await expect(s).toHaveURL(/\/sign-in/);
  await stale.close();
});
