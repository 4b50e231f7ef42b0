// Reading an outbox email as its recipient gets it: the row keeps secret links masked, and the
// message as sent is sealed in `secretEnc` until the worker sends it (lib/mail/outbox-body.ts).
import { db } from "@/lib/db";
import { openOutboxBody } from "@/lib/mail/outbox-body";
import { waitForAfterResponseTasks } from "@/lib/http/after-response";

/** The text part the recipient gets for this row. */
export function sentText(row: { text: string; html: string | null; secretEnc: string | null }): string {
  return openOutboxBody(row).text;
}

/** The text part of the newest email of `kind` to `to`, once work after the response is done. */
export async function latestSentText(to: string, kind: string): Promise<string> {
  await waitForAfterResponseTasks();
  const row = await db.outboxEmail.findFirstOrThrow({ where: { to, kind }, orderBy: { createdAt: "desc" } });
  return sentText(row);
}
