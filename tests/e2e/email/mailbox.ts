// What the e2e SMTP sink received (scripts/e2e-server.mjs files each message under data/e2e/mail).
import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { e2eMailDir } from "../e2e-env.mjs";
import type { SinkMessage } from "../../helpers/smtp-sink.mjs";

/** Every message delivered to `to` so far, oldest first. */
export function readMailbox(to: string): SinkMessage[] {
  if (!fs.existsSync(e2eMailDir)) return [];
  return fs
    .readdirSync(e2eMailDir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(e2eMailDir, f), "utf8")) as SinkMessage)
    .filter((m) => m.to.includes(to));
}

/** Waits until a message to `to` whose subject matches arrives, and returns it. */
export async function waitForEmail(to: string, subject: RegExp): Promise<SinkMessage> {
  let found: SinkMessage | undefined;
  await expect
    .poll(() => (found = readMailbox(to).find((m) => subject.test(m.subject))), {
      message: `an email to ${to} matching ${subject}`,
      timeout: 30_000,
    })
    .toBeTruthy();
  return found!;
}

/** The href of the email's button/link with this text, from the HTML part. */
export function linkIn(html: string, label: string): string {
  const match = new RegExp(`<a[^>]*href="([^"]+)"[^>]*>(?:(?!</a>).)*${label}`, "s").exec(html);
  if (!match) throw new Error(`no link "${label}" in the email`);
  return match[1].replaceAll("&amp;", "&");
}
