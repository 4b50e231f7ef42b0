// Shared steps for admin specs: sign in through the real form (with the owner's two-factor
// code), talk to the sandbox controls.
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { e2eOwner, e2eSecrets } from "../e2e-env.mjs";
import { freshTotpCode } from "../two-factor-codes";

export const ownerEmail = process.env.E2E_OWNER_EMAIL ?? e2eOwner.email;
export const ownerPassword = e2eOwner.password;
/** The e2e server's sandbox key (scripts/e2e-server.mjs), or the dev server's from .env. */
export const controlKey = process.env.SANDBOX_API_KEY ?? e2eSecrets.SANDBOX_API_KEY;

/**
 * Signs in on /sign-in and waits for the callback page. Accounts with two-factor sign-in (the
 * e2e owner always; others when `totpSecret` is given) answer the code step with a computed code.
 */
export async function signIn(page: Page, email: string, password: string, callbackUrl: string, totpSecret?: string) {
  const secret = totpSecret ?? (email === ownerEmail ? e2eOwner.totpSecret : undefined);
  await page.goto(`/sign-in?callbackUrl=${encodeURIComponent(callbackUrl)}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  if (secret) {
    await page.getByLabel("Authentication code").fill(await freshTotpCode(email, secret));
    await page.getByRole("button", { name: "Verify and sign in" }).click();
  }
  await expect(page).toHaveURL(new RegExp(`${callbackUrl.replace(/[/?.]/g, "\\$&")}$`));
}

/** Signs out through the header button and waits for the sign-in page. */
export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out", exact: true }).first().click();
  await expect(page).toHaveURL(/\/sign-in/);
}

/** Calls one sandbox control action and returns its `data`. */
export async function sandboxControl<T>(request: APIRequestContext, action: string, data: unknown = {}): Promise<T> {
  const res = await request.post(`/sandbox/control/${action}`, { headers: { "X-API-Key": controlKey }, data });
  expect(res.ok(), `sandbox control ${action}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

/** The newest sandbox order for an item code (its order_no is what staff search by). */
export async function latestUpstreamOrder(request: APIRequestContext, itemCode: string) {
  const { orders } = await sandboxControl<{ orders: { order_id: number; order_no: string; item_code: string }[] }>(
    request,
    "listOrders",
  );
  const latest = orders.filter((o) => o.item_code === itemCode).sort((a, b) => b.order_id - a.order_id)[0];
  expect(latest, `an upstream ${itemCode} order`).toBeTruthy();
  return latest!;
}

/** Owner creates a staff account on /admin/staff and returns its one-time password. */
export async function createStaffAccount(
  page: Page,
  email: string,
  role: "owner" | "staff" | "support",
): Promise<string> {
  await page.goto("/admin/staff");
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Create account" }) });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Role").selectOption(role);
  await form.getByRole("button", { name: "Create account" }).click();
  const password = (await page.getByTestId("one-time-password").textContent({ timeout: 15_000 }))?.trim() ?? "";
  expect(password.length).toBeGreaterThanOrEqual(16);
  return password;
}
