// Open redirect after sign-in (issue 13, item 3): whatever callbackUrl a link carries, signing in
// ends on this shop. The other site is intercepted, so the test never leaves the machine.
import { expect, test } from "@playwright/test";
import { shopperPassword, signUpShopper } from "./shopper-account";

const payloads = [
  "/%5Cevil.example/steal",
  "/%09/evil.example/steal",
  "//evil.example/steal",
  "/%5C%5Cevil.example/steal",
  "https:evil.example/steal",
  "/%0D%0A/evil.example/steal",
];

test("signing in with a hostile callbackUrl stays on the shop", async ({ page, baseURL }) => {
  await page.route(
    (url) => url.hostname.endsWith("evil.example"),
    (route) => route.fulfill({ status: 200, contentType: "text/plain", body: "evil" }),
  );
  const email = await signUpShopper(page, "redirect");
  const origin = new URL(baseURL!).origin;
  for (const payload of payloads) {
    await page.context().clearCookies();
    await page.goto(`/sign-in?callbackUrl=${payload}`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(shopperPassword);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Your orders" }), `after callbackUrl=${payload}`).toBeVisible();
    expect(new URL(page.url()).origin, `after callbackUrl=${payload}`).toBe(origin);
  }
});

test("a same-site callbackUrl is still followed", async ({ page }) => {
  const email = await signUpShopper(page, "redirect-ok");
  await page.goto(`/sign-in?callbackUrl=${encodeURIComponent("/search?q=steam")}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(shopperPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/search\?q=steam$/);
});
