// Shared steps for the storefront specs: sideways-scroll and axe checks, and reading the emails
// the e2e server recorded (its SQLite outbox; one helper, so a mail sink can replace it later).
import Database from "better-sqlite3";
import { expect, type Page } from "@playwright/test";
import { e2eEnv } from "../e2e-env.mjs";

/** Fails when the page is wider than the viewport (a phone would scroll sideways). */
export async function expectNoSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, `${page.url()} is ${scroll}px wide in a ${client}px viewport`).toBeLessThanOrEqual(client);
}

export type RecordedEmail = { to: string; subject: string; text: string; kind: string };

/** The newest recorded email of `kind` to `to`, waiting for it to be written (it is sent after the response). */
export async function waitForEmail(to: string, kind: string): Promise<RecordedEmail> {
  const file = e2eEnv.DATABASE_URL.replace(/^file:/, "");
  let found: RecordedEmail | undefined;
  await expect
    .poll(
      () => {
        const db = new Database(file, { readonly: true, fileMustExist: true });
        try {
          found = db
            .prepare(
              `SELECT "to", subject, text, kind FROM "OutboxEmail" WHERE "to" = ? AND kind = ? ORDER BY "createdAt" DESC LIMIT 1`,
            )
            .get(to, kind) as RecordedEmail | undefined;
        } finally {
          db.close();
        }
        return Boolean(found);
      },
      { message: `an email "${kind}" to ${to}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** A family tile's link by the family's name. */
export const tileLink = (page: Page, name: string) =>
  page.getByTestId("family-tile").getByRole("link", { name, exact: true });
