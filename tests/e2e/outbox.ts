// Reading emails in end-to-end tests: straight from the e2e server's outbox table (emails are
// not sent without SMTP_URL). The one place to change if e2e mail moves to an SMTP sink.
import Database from "better-sqlite3";
import { expect } from "@playwright/test";

const dbPath = process.env.E2E_SHOP_DB ?? "data/e2e/shop.db";

/** The first link in the newest email of `kind` to `to`, once it has been recorded. */
export async function linkFromLatestEmail(to: string, kind: string): Promise<string> {
  let link = "";
  await expect
    .poll(
      () => {
        const db = new Database(dbPath, { readonly: true, fileMustExist: true });
        try {
          const row = db
            .prepare('SELECT text FROM OutboxEmail WHERE "to" = ? AND kind = ? ORDER BY createdAt DESC LIMIT 1')
            .get(to, kind) as { text: string } | undefined;
          link = /https?:\/\/\S+/.exec(row?.text ?? "")?.[0] ?? "";
        } finally {
          db.close();
        }
        return link;
      },
      { message: `a ${kind} email to ${to}` },
    )
    .not.toBe("");
  return link;
}
