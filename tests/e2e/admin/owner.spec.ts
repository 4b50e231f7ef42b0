// The owner in a real browser: signs in, sees the upstream balance, finds a fresh order by its
// upstream order_no, reveals its codes and resends its email, and finds both in the audit log.
// (Refunds apply to failed lines, which the reconciler refunds at once in a running shop; the
// refund action and its staff limit are covered by tests/integration/admin-orders.)
import { expect, test, type Page } from "@playwright/test";
import { pay, sandboxKey } from "../checkout/helpers";

const ownerEmail = process.env.E2E_OWNER_EMAIL ?? "owner@e2e.test";
const ownerPassword = process.env.E2E_OWNER_PASSWORD ?? "e2e-owner-password-0123";

async function signIn(page: Page, callbackUrl: string) {
  await page.goto(`/sign-in?callbackUrl=${encodeURIComponent(callbackUrl)}`);
  await page.getByLabel("Email").fill(ownerEmail);
  await page.getByLabel("Password").fill(ownerPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(new RegExp(`${callbackUrl.replace(/\//g, "\\/")}$`));
}

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

test("owner finds an order by upstream order_no, reveals codes, resends the email and sees both audited", async ({ page, request }) => {
  await page.goto("/checkout?item=TEST-INSTANT&qty=1");
  await pay(page);
  await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByTestId("line-status")).toHaveText("Delivered", { timeout: 30_000 });

  const res = await request.post("/sandbox/control/listOrders", { headers: { "X-API-Key": sandboxKey }, data: {} });
  const orders = ((await res.json()) as { data: { orders: { order_id: number; order_no: string; item_code: string }[] } }).data.orders;
  const latest = orders.filter((o) => o.item_code === "TEST-INSTANT").sort((a, b) => b.order_id - a.order_id)[0];

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

  await page.getByRole("link", { name: "Audit" }).click();
  await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "codes.reveal" }).first()).toContainText(ownerEmail);
  await expect(page.getByRole("row").filter({ hasText: "order.resend_email" }).first()).toContainText(ownerEmail);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/sign-in/);
});
