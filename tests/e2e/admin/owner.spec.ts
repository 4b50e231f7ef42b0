// The owner in a real browser: signs in, sees the upstream balance, finds a fresh order by its
// upstream order_no, reveals its codes, resends its email, refunds the delivered line with a
// reason, and finds all three in the audit log.
import { expect, test, type Page } from "@playwright/test";
import { pay } from "../checkout/helpers";
import { latestUpstreamOrder, ownerEmail, ownerPassword, signIn as signInAs } from "./helpers";

const signIn = (page: Page, callbackUrl: string) => signInAs(page, ownerEmail, ownerPassword, callbackUrl);

test("the admin sends signed-out visitors to sign in", async ({ page }) => {
  await page.goto("/admin/orders");
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fadmin|\/sign-in\?callbackUrl=\/admin/);
});

test("a wrong password is refused with a message", async ({ page }) => {
  await page.goto("/sign-in");
  // Not the owner's email: failures count towards the per-account limit.
  await page.getByLabel("Email").fill(`nobody-${Date.now()}@e2e.test`);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("sign-in-error")).toHaveText("Wrong email or password.");
});

test("owner finds an order by upstream order_no, reveals codes, resends the email, refunds the line and sees all audited", async ({
  page,
  request,
}) => {
  await page.goto("/checkout?item=TEST-INSTANT&qty=1");
  await pay(page);
  await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByTestId("line-status")).toHaveText("Delivered", { timeout: 30_000 });

  const latest = await latestUpstreamOrder(request, "TEST-INSTANT");

  await signIn(page, "/admin");
  await expect(page.getByTestId("upstream-balance")).toHaveText(/^\d+\.\d{2} [A-Z]{3}$/);

  await page.goto("/admin/orders");
  await page.getByLabel("Search").fill(latest.order_no);
  await page.getByRole("button", { name: "Apply" }).click();
  const rows = page.getByRole("row");
  await expect(rows).toHaveCount(2); // header + the one order
  await rows.nth(1).getByRole("link").click();
  await expect(page.getByRole("heading", { name: /^Order / })).toBeVisible();
  await expect(page.getByText(latest.order_no).first()).toBeVisible();

  await page.getByRole("button", { name: "Reveal codes (audited)" }).click();
  await expect(page.getByText(/code\(s\) revealed/)).toBeVisible();
  await page.getByRole("button", { name: "Resend order email" }).click();
  await expect(page.getByText(/Sent the order link/)).toBeVisible();

  // A delivered card reported faulty: refund it with a reason and the confirmation box.
  const line = page.getByTestId("order-line").first();
  await line.getByRole("button", { name: "Refund…" }).click();
  await line.getByLabel("Reason").fill("Card reported faulty by the buyer");
  await line.getByRole("checkbox", { name: /^Refund .* to the buyer's payment method$/ }).check();
  await line.getByRole("button", { name: "Confirm refund" }).click();
  await expect(line.getByText(/^Refunded \d+\.\d{2} [A-Z]{3}\.$/)).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("order-line").first().getByTestId("line-status")).toHaveText("refunded");

  await page.getByRole("link", { name: "Audit" }).click();
  await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "codes.reveal" }).first()).toContainText(ownerEmail);
  await expect(page.getByRole("row").filter({ hasText: "order.resend_email" }).first()).toContainText(ownerEmail);
  const refundRow = page.getByRole("row").filter({ hasText: "order.refund" }).first();
  await expect(refundRow).toContainText(ownerEmail);
  await expect(refundRow).toContainText("Card reported faulty by the buyer");

  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/sign-in/);
});
