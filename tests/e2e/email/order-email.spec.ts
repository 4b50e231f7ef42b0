// Emails that arrive: a shopper buys, the shop's outbox worker delivers the emails to a real SMTP
// server (the e2e sink), and the shopper follows the link in the "codes ready" email to the order.
// Staff then see those emails as sent in the outbox.
import { expect, test } from "@playwright/test";
import { pay } from "../checkout/helpers";
import { ownerEmail, ownerPassword, signIn } from "../admin/helpers";
import { linkIn, readMailbox, waitForEmail } from "./mailbox";

test("a shopper gets the order emails over SMTP and the codes-ready email's button opens the order", async ({
  page,
}) => {
  const email = `mail-${Date.now()}@example.com`;
  await page.goto("/checkout?item=TEST-INSTANT&qty=1");
  await pay(page, undefined, email);
  await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{43}$/);
  const orderUrl = page.url();

  // The confirmation names the order by its reference, the one the order page shows.
  await expect(page.getByTestId("order-reference")).toHaveText(/^GF-[0-9A-Z]{6}$/);
  const reference = (await page.getByTestId("order-reference").textContent())!.trim();
  const received = await waitForEmail(email, new RegExp(`order ${reference} confirmed`));
  expect(received.from).toBe('"Giftly E2E" <orders@e2e.test>');
  expect(received.contentType).toBe("multipart/alternative");
  expect(received.text).toContain(`Follow your order ${orderUrl}`);
  expect(linkIn(received.html, "Follow your order")).toBe(orderUrl);
  expect(received.text).toContain(`${orderUrl}/receipt`);

  const ready = await waitForEmail(email, /codes? (is|are) ready/);
  expect(ready.messageId).toMatch(/^<[a-z0-9]+@e2e\.test>$/);
  const link = linkIn(ready.html, "See your codes");
  expect(ready.text).toContain(link);

  // A fresh page, as from a mail client: only the link leads back to the order.
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page).toHaveURL(orderUrl);
  await expect(page.getByTestId("line-status")).toHaveText("Delivered");
  await page.getByRole("button", { name: "Reveal codes" }).click();
  // The codes are fetched on "Reveal" (enabled once hydrated): await them before reading them once.
  await expect(page.getByTestId("revealed-code").first()).toHaveText(/\S{4,}/);
  const code = (await page.getByTestId("revealed-code").first().innerText()).trim();
  for (const m of readMailbox(email)) expect(m.raw).not.toContain(code); // codes stay out of emails by default

  await signIn(page, ownerEmail, ownerPassword, "/admin/outbox?status=sent");
  const row = page
    .getByRole("row")
    .filter({ hasText: email })
    .filter({ hasText: /codes? (is|are) ready/ });
  await expect(row).toContainText("sent");
  await row.getByRole("link").first().click();
  await expect(page.getByTestId("email-delivery")).toContainText(/^Sent /);
});
