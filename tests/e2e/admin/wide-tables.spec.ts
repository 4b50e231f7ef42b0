// Staff side at a 1366 px laptop width (issue 14 item 11): the orders table and the audit log fit
// without cutting a column, orders show their reference, the order timeline names the order or
// the line on each move; the owner edits a footer page and the shop shows it.
import { expect, test, type Page } from "@playwright/test";
import { pay } from "../checkout/helpers";
import { ownerEmail, ownerPassword, signIn } from "./helpers";

test.use({ viewport: { width: 1366, height: 768 } });

async function expectTableFits(page: Page) {
  const wrapper = page.locator("table").first().locator("xpath=..");
  const { scroll, client } = await wrapper.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(scroll, `table on ${page.url()} is ${scroll}px wide in ${client}px`).toBeLessThanOrEqual(client);
}

test("orders, order detail and audit log fit a 1366 px screen and speak in references", async ({ page }) => {
  await page.goto("/checkout?item=TEST-INSTANT&qty=1");
  await pay(page);
  await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{43}$/);
  const reference = (await page.getByTestId("order-reference").innerText()).trim();

  await signIn(page, ownerEmail, ownerPassword, "/admin");
  await page.goto("/admin/orders");
  await expect(page.getByRole("link", { name: reference })).toBeVisible();
  await expectTableFits(page);
  await page.getByLabel("Search").fill(reference.toLowerCase());
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("row")).toHaveCount(2);
  await page.getByRole("link", { name: reference }).click();
  await expect(page.getByRole("heading", { name: `Order ${reference}` })).toBeVisible();
  await expect(page.getByText("Order transition: awaiting_payment → paid")).toHaveCount(1);
  await expect(page.getByText(/^Line 1 \(.*\) transition: awaiting_payment → paid$/)).toHaveCount(1);
  await page.getByRole("button", { name: "Resend order email" }).click();
  await expect(page.getByText(/Sent the order link/)).toBeVisible();

  // A long page text makes a long audit "after" value.
  await page.goto("/admin/pages/help");
  const body = `## Help\n\nWrite to us with your order reference. ${"We answer every message within one working day. ".repeat(12)}`;
  await page.getByLabel("Text (Markdown)").fill(body);
  await page.getByRole("button", { name: "Save page" }).click();
  await expect(page.getByText("Saved “Help”.")).toBeVisible();
  await page.goto("/help");
  await expect(page.getByRole("heading", { level: 2, name: "Help" })).toBeVisible();
  await expect(page.getByText(/We answer every message within one working day/)).toBeVisible();

  await page.goto("/admin/audit");
  await expect(page.getByRole("row").filter({ hasText: "content.update" }).first()).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "order.resend_email" }).first()).toContainText(
    `order ${reference}`,
  );
  await expectTableFits(page);
});
