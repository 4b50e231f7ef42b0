// A fresh shopper account for security specs: signed up through the real form.
import { expect, type Page } from "@playwright/test";

export const shopperPassword = "shopper-password-0123";

/** Signs up a new shopper on /sign-up and returns its email (the session is not signed in yet). */
export async function signUpShopper(page: Page, prefix = "shopper"): Promise<string> {
  const email = `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
  await page.goto("/sign-up");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel(/^Password/).fill(shopperPassword);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText(/Account created|Check your email/)).toBeVisible();
  return email;
}
