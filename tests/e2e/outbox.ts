// Reading emails in end-to-end tests as their recipient gets them: the e2e server's outbox table
// says which email is the newest of a kind (its id is the Message-ID), and the SMTP sink holds
// what was sent. The row itself keeps secret links masked (lib/mail/outbox-body.ts).
import Database from "better-sqlite3";
import { expect } from "@playwright/test";
import { readMailbox } from "./email/mailbox";

const dbPath = process.env.E2E_SHOP_DB ?? "data/e2e/shop.db";

function newestEmailId(to: string, kind: string): string | undefined {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare('SELECT id FROM OutboxEmail WHERE "to" = ? AND kind = ? ORDER BY createdAt DESC LIMIT 1')
      .get(to, kind) as { id: string } | undefined;
    return row?.id;
  } finally {
    db.close();
  }
}

export type RecordedEmail = { to: string; subject: string; text: string; kind: string };

/** The newest email of `kind` to `to` as its recipient got it, waiting until it has been sent. */
export async function waitForSentEmail(to: string, kind: string): Promise<RecordedEmail> {
  let found: RecordedEmail | undefined;
  await expect
    .poll(
      () => {
        const id = newestEmailId(to, kind);
        const sent = id ? readMailbox(to).find((m) => m.messageId?.startsWith(`<${id}@`)) : undefined;
        found = sent ? { to, subject: sent.subject, text: sent.text, kind } : undefined;
        return Boolean(found);
      },
      { message: `a ${kind} email to ${to}`, timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}

/** The first link in the newest email of `kind` to `to`, once it has been sent. */
export async function linkFromLatestEmail(to: string, kind: string): Promise<string> {
  const { text } = await waitForSentEmail(to, kind);
  const link = /https?:\/\/\S+/.exec(text)?.[0];
  expect(link, `a link in the ${kind} email to ${to}`).toBeTruthy();
  return link!;
}
