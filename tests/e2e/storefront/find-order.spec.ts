// The order page shows a short reference; "Find my order" emails the link again (read here from
// the shop's outbox) and never shows it on screen (issue 14 items 6 and 7).
import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations } from "../a11y/axe";
import { pay } from "../checkout/helpers";
import { expectNoSidewaysScroll, waitForEmail } from "./helpers";

test("a guest finds an order again with its email and reference: the link is emailed, not shown", async ({
  page,
}, info) => {
  const email = `finder-${info.project.name}-${Date.now()}@example.com`;
  await page.goto("/checkout?item=TEST-INSTANT&qty=1");
  await pay(page, undefined, email);
  await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{43}$/);
  const orderPath = new URL(page.url()).pathname;
  const reference = (await page.getByTestId("order-reference").innerText()).trim();
  expect(reference).toMatch(/^GF-[2-9A-HJKMNP-TV-Z]{6}$/);
  await expect(page.getByRole("link", { name: "Need help?" })).toHaveAttribute("href", "/help");
  await expect(page.getByTestId("line-status")).toHaveText("Delivered", { timeout: 30_000 });
  // The timeline says the payment was confirmed once.
  await expect(page.getByText(/confirmed\.$/)).toHaveCount(1);
  await expect(page.getByText(/^Paid\.$/)).toHaveCount(0);

  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Find my order" }).click();
  await expect(page).toHaveURL(/\/orders\/find$/);
  await expectNoSidewaysScroll(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Order reference").fill(reference.toLowerCase());
  await page.getByRole("button", { name: "Email me the link" }).click();
  await expect(page.getByRole("status")).toHaveText(/we have emailed its link/);
  await expect(page.locator(`a[href*="${orderPath}"]`)).toHaveCount(0);
  expect(await page.content()).not.toContain(orderPath);

  const sent = await waitForEmail(email, "order_link");
  expect(sent.subject).toContain(reference);
  const link = /https?:\/\/\S+\/orders\/[A-Za-z0-9_-]{43}/.exec(sent.text)?.[0];
  expect(link).toBeTruthy();
  await page.goto(new URL(link!).pathname);
  await expect(page.getByTestId("order-reference")).toHaveText(reference);
  await expectNoSeriousViolations(page);
});

test("an unknown email gets the same answer and no email", async ({ page }) => {
  await page.goto("/orders/find");
  await page.getByLabel("Email").fill(`nobody-${Date.now()}@example.com`);
  await page.getByLabel("Order reference").fill("GF-222222");
  await page.getByRole("button", { name: "Email me the link" }).click();
  await expect(page.getByRole("status")).toHaveText(
    /If an order matches that email and reference, we have emailed its link/,
  );
});
