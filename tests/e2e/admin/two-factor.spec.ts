// Two-factor sign-in in a real browser: a new owner is sent to enrol before anything else,
// scans (here: reads) the secret, confirms with a computed code, gets recovery codes, and then
// signs in with a code; a recovery code works once.
import { expect, test } from "@playwright/test";
import { freshTotpCode } from "../two-factor-codes";
import { createStaffAccount, ownerEmail, ownerPassword, signIn, signOut } from "./helpers";

test("a new owner enrols in two-factor sign-in and then signs in with a code", async ({ page }) => {
  await signIn(page, ownerEmail, ownerPassword, "/admin");
  const email = `owner-2fa-${Date.now()}@e2e.test`;
  const password = await createStaffAccount(page, email, "owner");
  await signOut(page);

  // Password alone: the admin is closed until enrolment.
  await page.goto("/sign-in?callbackUrl=/admin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/two-factor\/setup$/);
  await page.goto("/admin/orders");
  await expect(page).toHaveURL(/\/two-factor\/setup$/);

  await page.getByRole("button", { name: "Start setup" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())!.replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel("2. Enter the 6-digit code the app shows").fill(await freshTotpCode(email, secret));
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  const codes = (await page.getByTestId("recovery-codes").getByRole("listitem").allTextContents()).map((c) => c.trim());
  await page.getByRole("link", { name: /I saved my recovery codes/ }).click();
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  await signOut(page);

  // Sign in again: a wrong code is refused, the app's code lets the owner in.
  await page.goto("/sign-in?callbackUrl=/admin/security");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByLabel("Authentication code").fill("000000");
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page.getByTestId("sign-in-error")).toContainText("That code did not work");
  await page.getByLabel("Authentication code").fill(await freshTotpCode(email, secret));
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/security$/);
  await expect(page.getByTestId("two-factor-status")).toContainText("10 of 10 recovery codes left");
  await signOut(page);

  // A recovery code signs in once.
  await page.goto("/sign-in?callbackUrl=/admin/security");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByLabel("Authentication code").fill(codes[0]);
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page.getByTestId("two-factor-status")).toContainText("9 of 10 recovery codes left");
});
