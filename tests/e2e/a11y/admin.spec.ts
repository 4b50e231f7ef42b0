// Axe on the main admin pages, signed in as the e2e owner: no serious or critical violations.
import { expect, test } from "@playwright/test";
import { pay } from "../checkout/helpers";
import { ownerEmail, ownerPassword, signIn } from "../admin/helpers";
import { expectNoSeriousViolations } from "./axe";

test("the admin overview, orders list, order detail and staff page have no serious accessibility violations", async ({
  page,
}) => {
  await page.goto("/checkout?item=TEST-INSTANT&qty=1");
  await pay(page);
  await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{43}$/);

  await signIn(page, ownerEmail, ownerPassword, "/admin");
  await expect(page.getByTestId("upstream-balance")).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.goto("/admin/orders");
  await expect(page.getByRole("row").nth(1)).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.getByRole("row").nth(1).getByRole("link").first().click();
  await expect(page.getByRole("heading", { name: /^Order / })).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.goto("/admin/staff");
  await expect(page.getByRole("heading", { name: "Staff" })).toBeVisible();
  await expectNoSeriousViolations(page);
});
