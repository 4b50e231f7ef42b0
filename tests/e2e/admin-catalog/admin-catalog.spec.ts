// The staff catalog, pricing, sync, webhooks, settings and outbox screens in a real browser,
// signed in as the owner the e2e server creates.
import { expect, test, type Cookie } from "@playwright/test";
import { ownerEmail, ownerPassword, signIn } from "../admin/helpers";

// One sign-in (password and two-factor code) for the whole file; each test starts signed in.
let cookies: Cookie[] = [];
test.beforeAll(async ({ browser }, info) => {
  const context = await browser.newContext({ baseURL: info.project.use.baseURL });
  const page = await context.newPage();
  await signIn(page, ownerEmail, ownerPassword, "/admin/catalog");
  cookies = await context.cookies();
  await context.close();
});

test.beforeEach(async ({ page }) => {
  await page.context().addCookies(cookies);
  await page.goto("/admin/catalog");
  await expect(page.getByRole("heading", { name: "Catalog" })).toBeVisible();
});

test("hiding a product takes its page out of the shop and showing it brings it back", async ({ page }) => {
  await expect(page.getByRole("heading", { name: "Catalog" })).toBeVisible();
  const firstRow = page.getByRole("row").nth(1);
  const itemCode = (await firstRow.locator(".font-mono").first().textContent())!.trim();
  await page.goto(`/admin/catalog?q=${encodeURIComponent(itemCode)}&listed=yes`);
  const hide = page.getByRole("button", { name: new RegExp(`^Hide ${itemCode}`) });
  if ((await hide.getAttribute("aria-pressed")) === "true") {
    await hide.click();
    await expect(hide).toHaveAttribute("aria-pressed", "false");
  }
  await hide.click();
  await expect(hide).toHaveAttribute("aria-pressed", "true");
  const shop = await page.request.get(`/p/${encodeURIComponent(itemCode)}`);
  expect(shop.status()).toBe(404);
  await hide.click();
  await expect(hide).toHaveAttribute("aria-pressed", "false");
  expect((await page.request.get(`/p/${encodeURIComponent(itemCode)}`)).status()).toBe(200);
});

test("the pricing preview follows the markup as it is typed", async ({ page }) => {
  await page.goto("/admin/pricing");
  const form = page.getByRole("form", { name: "New rule" });
  await form.getByLabel("Markup %").fill("100");
  await form.getByLabel("Fixed fee").fill("0");
  await form.getByLabel("Minimum margin %").fill("0");
  await form.getByLabel("Minimum margin amount").fill("0");
  const preview = form.getByRole("table", { name: "Preview of resulting prices" });
  const row = preview.getByRole("row").nth(1);
  const cost = Number(await row.getByRole("cell").nth(1).textContent());
  await expect(row.getByRole("cell").nth(2)).toHaveText((cost * 2).toFixed(2));
  await form.getByLabel("Markup %").fill("abc");
  await expect(form.getByText("Fix the highlighted values")).toBeVisible();
});

test("sync now starts a manual run that appears in the runs log", async ({ page }) => {
  await page.goto("/admin/sync");
  await page.getByRole("button", { name: "Delta sync" }).click();
  await expect(page.getByText(/sync started|already running/)).toBeVisible();
  await expect(page.getByRole("cell", { name: /manual/ }).first()).toBeVisible({ timeout: 30_000 });
});

test("webhooks, outbox and settings pages render for the owner", async ({ page }) => {
  await page.goto("/admin/webhooks?status=rejected");
  await expect(page.getByRole("heading", { name: "Webhooks" })).toBeVisible();
  await page.goto("/admin/outbox");
  await expect(page.getByRole("heading", { name: "Outbox" })).toBeVisible();
  await page.goto("/admin/settings");
  await expect(page.getByText("Current secret (UPSTREAM_WEBHOOK_SECRET)")).toBeVisible();
  await page.getByRole("button", { name: "Test connection" }).click();
  await expect(page.getByText(/api_version \S+\./)).toBeVisible();
});

test("the owner saves the low-balance threshold and a bad amount shows a field error", async ({ page }) => {
  await page.goto("/admin/settings");
  const threshold = page.getByLabel(/Low-balance warning below/);
  const original = await threshold.inputValue();
  await threshold.fill("a lot");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Enter an amount like 250 or 99.50")).toBeVisible();
  await threshold.fill("123.45");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(/Low-balance warning below/)).toHaveValue("123.45");
  await page.getByLabel(/Low-balance warning below/).fill(original);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();
});
