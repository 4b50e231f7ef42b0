// Several suppliers end to end (docs/suppliers.md#routing): a product sold out at main and in
// stock at b is bought from b, the shopper gets the code, and staff see b on the line. Afterwards
// it disables b and restores main's stock, so later specs buy from main alone.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { pay } from "../checkout/helpers";
import { controlKey, ownerEmail, ownerPassword, sandboxControl, signIn } from "../admin/helpers";

// A card main and b both sell, b dearer: b is chosen only because main has sold out. (The TEST-*
// SKUs all share one match key, so another supplier's TEST-* rows are not matched one to one.)
const code = "STARBUCKS-CA-5";

/** One of b's sandbox control actions, with b's key. */
async function bControl(request: APIRequestContext, action: string, data: unknown) {
  const res = await request.post(`/sandbox/b/control/${action}`, { headers: { "X-API-Key": `${controlKey}_b` }, data });
  expect(res.ok(), `b's sandbox control ${action}`).toBe(true);
}

/** Starts a full sync on /admin/sync (each supplier's offers follow it) and waits until it is done. */
async function fullSync(owner: Page) {
  await owner.goto("/admin/sync");
  const start = owner.getByRole("button", { name: "Full sync" });
  await expect(start).toBeEnabled();
  await start.click();
  await expect(owner.getByText("Full sync started.")).toBeVisible();
  await expect(start).toBeEnabled({ timeout: 60_000 });
}

async function setEnabled(owner: Page, supplier: string, enabled: boolean) {
  await owner.goto("/admin/suppliers");
  const item = owner.getByRole("listitem").filter({ has: owner.getByRole("heading", { name: supplier, exact: true }) });
  await item.getByLabel("Enabled").setChecked(enabled);
  await item.getByRole("button", { name: "Save" }).click();
  await expect(item.getByText(/^(Saved |Nothing changed)/)).toBeVisible();
}

test.afterAll(async ({ browser, request }) => {
  // What every other spec expects: main alone, with the card in stock.
  const owner = await browser.newPage();
  await signIn(owner, ownerEmail, ownerPassword, "/admin");
  await setEnabled(owner, "b", false);
  await sandboxControl(request, "publishChanges", { stock: { [code]: 1000 } });
  await fullSync(owner);
  await owner.close();
});

test("buys a product sold out at main from supplier b; staff see b on the line", async ({ page, browser, request }) => {
  await sandboxControl(request, "publishChanges", { stock: { [code]: 0 } });
  await bControl(request, "publishChanges", { stock: { [code]: 1000 } });

  const owner = await browser.newPage();
  await signIn(owner, ownerEmail, ownerPassword, "/admin");
  await setEnabled(owner, "b", true);
  await fullSync(owner);

  // The shopper's quote is checked at b's offer: nothing says it is sold out.
  const email = `e2e-suppliers-${Date.now()}@example.com`;
  await expect(async () => {
    await page.goto(`/checkout?item=${code}&qty=1`);
    await expect(page.getByRole("button", { name: /^Pay / })).toBeEnabled({ timeout: 3000 });
    await expect(page.getByText(/out of stock/i)).toHaveCount(0);
  }).toPass({ timeout: 60_000 });
  await pay(page, undefined, email);
  await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByTestId("line-status")).toHaveText("Delivered", { timeout: 30_000 });
  await page.getByRole("button", { name: "Reveal codes" }).click();
  await expect(page.getByTestId("revealed-code").first()).not.toBeEmpty();

  // Staff see which supplier filled the line.
  await owner.goto(`/admin/orders?email=${encodeURIComponent(email)}`);
  await owner.getByRole("row").nth(1).getByRole("link").click();
  await expect(owner.getByTestId("line-status").first()).toHaveText("delivered");
  await expect(owner.getByTestId("line-supplier").first()).toContainText("Supplier b");
  await owner.close();
});
