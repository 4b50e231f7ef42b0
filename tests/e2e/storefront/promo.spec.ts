// Promo codes and receipts in Chromium (desktop and phone): staff create codes in the admin; a
// shopper applies one at checkout and is charged the discounted total; a code that would sell
// below cost is refused with a clear message; the receipt shows the reference and the discount.
import Database from "better-sqlite3";
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousViolations } from "../a11y/axe";
import { ownerEmail, ownerPassword, signIn } from "../admin/helpers";
import { pay } from "../checkout/helpers";
import { e2eEnv } from "../e2e-env.mjs";
import { expectNoSidewaysScroll } from "./helpers";

test.describe.configure({ mode: "serial" });

let okCode = "";
let deepCode = "";

/** "$1.99" → 199 (cents, from the text the shopper reads). */
const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, "")) * 100);

/** What the TEST provider charged for the order behind this token (read from the e2e database). */
function chargedFor(token: string): string {
  const db = new Database(e2eEnv.DATABASE_URL.replace(/^file:/, ""), { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare(
        `SELECT c.amount AS amount FROM "Order" o JOIN "Payment" p ON p.orderId = o.id JOIN "TestProviderCharge" c ON c.idempotencyKey = p.id WHERE o.token = ?`,
      )
      .get(token) as { amount: number | string } | undefined;
    return row ? Number(row.amount).toFixed(2) : "none";
  } finally {
    db.close();
  }
}

async function createCode(page: Page, code: string, percent: string, itemCode?: string) {
  await page.goto("/admin/promos");
  const form = page.getByRole("form", { name: "New promo code" });
  await form.getByLabel("Code", { exact: true }).fill(code.toLowerCase());
  await form.getByLabel("Shown to shoppers (optional)").fill("E2E sale");
  await form.getByLabel("Percent", { exact: true }).fill(percent);
  if (itemCode) {
    await form.getByLabel("Applies to").selectOption("sku");
    await form.getByLabel(/^Item codes/).fill(itemCode);
  }
  await form.getByRole("button", { name: "Create code" }).click();
  await expect(page.getByRole("heading", { name: `Code ${code}` })).toBeVisible();
  await expect(page.getByText("active", { exact: true }).first()).toBeVisible();
}

test("staff create promo codes in the admin", async ({ page }, info) => {
  const stamp = `${info.project.name.slice(0, 1)}${Date.now().toString(36)}`.toUpperCase();
  okCode = `SAVE10-${stamp}`;
  deepCode = `DEEP90-${stamp}`;
  await signIn(page, ownerEmail, ownerPassword, "/admin/promos");
  await expect(page.getByRole("heading", { name: "Promo codes" })).toBeVisible();
  await expectNoSeriousViolations(page);
  await createCode(page, okCode, "10", "TEST-INSTANT");
  await expectNoSeriousViolations(page);
  await createCode(page, deepCode, "90");
  await page.goto("/admin/promos");
  await expect(page.getByRole("link", { name: okCode })).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test("a promo code applies at checkout, the order is paid at the discounted price, and the receipt shows it", async ({
  page,
}) => {
  await page.goto("/checkout?item=TEST-INSTANT&qty=2");
  const before = cents(await page.getByTestId("checkout-total").innerText());
  await page.getByLabel("Have a code? Enter it here").fill(okCode.toLowerCase());
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("promo-applied")).toContainText(`${okCode} applied`);
  const discount = cents(await page.getByTestId("checkout-discount").innerText());
  expect(discount).toBeGreaterThan(0);
  expect(cents(await page.getByTestId("checkout-subtotal").innerText())).toBe(before);
  const total = cents(await page.getByTestId("checkout-total").innerText());
  expect(total).toBe(before - discount);
  await expect(page.getByRole("button", { name: /^Pay / })).toContainText((total / 100).toFixed(2));
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);

  await pay(page);
  await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{43}$/);
  const token = new URL(page.url()).pathname.split("/").pop()!;
  const reference = (await page.getByTestId("order-reference").innerText()).trim();
  await expect(page.getByTestId("order-discount")).toContainText(okCode);
  expect(cents(await page.getByTestId("order-total").innerText())).toBe(total);
  expect(chargedFor(token)).toBe((total / 100).toFixed(2));
  await expect(page.getByTestId("line-status")).toHaveText("Delivered", { timeout: 30_000 });

  await page.getByRole("link", { name: "View or print your receipt" }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${token}/receipt$`));
  await expect(page.getByRole("heading", { name: "Receipt" })).toBeVisible();
  await expect(page.getByTestId("receipt-reference")).toHaveText(reference);
  await expect(page.getByTestId("receipt-discount")).toHaveText(`−$${(discount / 100).toFixed(2)}`);
  expect(cents(await page.getByTestId("receipt-total").innerText())).toBe(total);
  await expect(page.getByRole("button", { name: "Print or save as PDF" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);
});

test("a code that would sell below cost is refused with a clear message, and nothing is discounted", async ({
  page,
}) => {
  await page.goto("/checkout?item=TEST-INSTANT&qty=1");
  const before = await page.getByTestId("checkout-total").innerText();
  await page.getByLabel("Have a code? Enter it here").fill(deepCode);
  await page.getByLabel("Have a code? Enter it here").press("Enter"); // applies; never pays
  await expect(page.getByTestId("promo-error")).toHaveText("This code cannot be used on Test instant order.");
  await expect(page.getByTestId("promo-applied")).toHaveCount(0);
  await expect(page.getByTestId("checkout-total")).toHaveText(before);
  await expect(page).toHaveURL(/\/checkout\?/);
  await expectNoSeriousViolations(page);
});
