// A support user (created by the owner on /admin/staff) reads orders but cannot reveal codes
// or refund: the buttons are absent (the server refusal is covered by the integration tests).
import { expect, test } from "@playwright/test";
import { pay } from "../checkout/helpers";
import { createStaffAccount, latestUpstreamOrder, ownerEmail, ownerPassword, signIn, signOut } from "./helpers";

test("a support user sees an order but no reveal or refund buttons, and cannot open staff management", async ({
  page,
  request,
}) => {
  await page.goto("/checkout?item=TEST-INSTANT&qty=1");
  await pay(page);
  await expect(page.getByTestId("line-status")).toHaveText("Delivered", { timeout: 30_000 });
  const upstream = await latestUpstreamOrder(request, "TEST-INSTANT");

  await signIn(page, ownerEmail, ownerPassword, "/admin");
  const supportEmail = `support-${Date.now()}@e2e.test`;
  const password = await createStaffAccount(page, supportEmail, "support");
  await expect(page.getByRole("row").filter({ hasText: supportEmail })).toBeVisible();
  await signOut(page);

  await signIn(page, supportEmail, password, "/admin");
  await page.goto(`/admin/orders?q=${encodeURIComponent(upstream.order_no)}`);
  const rows = page.getByRole("row");
  await expect(rows).toHaveCount(2);
  await rows.nth(1).getByRole("link").click();
  await expect(page.getByRole("heading", { name: /^Order / })).toBeVisible();
  await expect(page.getByTestId("line-status").first()).toHaveText("delivered");
  await expect(page.getByRole("button", { name: "Resend order email" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Reveal codes/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Refund/ })).toHaveCount(0);

  await page.goto("/admin/staff");
  await expect(page.getByText("Your role (support) does not give access to this page.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Create account" })).toHaveCount(0);
});
