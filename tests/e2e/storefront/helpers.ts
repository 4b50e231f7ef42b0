// Shared steps for the storefront specs: sideways-scroll and axe checks, and reading the emails
// the e2e server sent (tests/e2e/outbox.ts).
import { expect, type Page } from "@playwright/test";
import { waitForSentEmail } from "../outbox";

/** Fails when the page is wider than the viewport (a phone would scroll sideways). */
export async function expectNoSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, `${page.url()} is ${scroll}px wide in a ${client}px viewport`).toBeLessThanOrEqual(client);
}

export type { RecordedEmail } from "../outbox";

/** The newest email of `kind` to `to` as sent (it is recorded after the response, then sent). */
export const waitForEmail = waitForSentEmail;

/** A family tile's link by the family's name. */
export const tileLink = (page: Page, name: string) =>
  page.getByTestId("family-tile").getByRole("link", { name, exact: true });
