// Producing an email: render it, record it in OutboxEmail (docs/money-rules.md#m7; staff read it
// there) and nudge the outbox worker, which sends it (lib/mail/outbox-worker.ts). Nothing here
// talks to SMTP, so no request or job ever waits on a mail server. A dedupe key makes each email
// once-only.
import "server-only";
import { db, Prisma } from "@/lib/db";
import { env } from "@/lib/env";
import { getEmailBrand } from "./email-brand";
import { sealOutboxBody } from "./outbox-body";
import { nudgeOutbox } from "./outbox-nudge";
import { renderEmail } from "./render-email";
import { plainMessageEmail } from "./templates/plain-message";
import type { EmailContent } from "./templates/types";
import { log } from "@/lib/log";

export type EmailInput = {
  to: string;
  subject: string;
  text: string;
  kind: string;
  dedupeKey: string;
  orderId?: string;
  /** The language the text is written in (the html's lang and the shared footer follow); absent: English. */
  locale?: string;
};

export type QueueEmailInput = {
  to: string;
  kind: string;
  dedupeKey: string;
  orderId?: string;
  /** What the outbox keeps (its secret links masked) and staff may read; sent as it is unless `secretContent` is given. */
  content: EmailContent;
  /** What the recipient gets instead, when it holds secrets (codes): stored encrypted, sent, then wiped (docs/money-rules.md#m6). */
  secretContent?: EmailContent;
};

export type QueueResult = "queued" | "duplicate" | "error";

/** Records an email for the outbox worker once per dedupeKey; never throws at the caller. */
export async function queueEmail(input: QueueEmailInput): Promise<QueueResult> {
  try {
    if (await db.outboxEmail.findUnique({ where: { dedupeKey: input.dedupeKey }, select: { id: true } }))
      return "duplicate";
    const brand = await getEmailBrand();
    const shown = await renderEmail(input.content, brand);
    const secret = input.secretContent ? await renderEmail(input.secretContent, brand) : null;
    await db.outboxEmail.create({
      data: {
        dedupeKey: input.dedupeKey,
        kind: input.kind,
        to: input.to,
        orderId: input.orderId,
        subject: shown.subject,
        ...sealOutboxBody(shown, secret),
        status: "outbox",
        nextAttemptAt: new Date(),
      },
    });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") return "duplicate";
    log.error({ err, kind: input.kind, orderId: input.orderId }, "email: could not record it in the outbox");
    return "error";
  }
  nudgeOutbox();
  return "queued";
}

/**
 * Queues a plain-text message in the shared layout (callers that have no template of their own).
 * A subject starting with the shop's name keeps it once.
 */
export async function sendEmail(input: EmailInput): Promise<void> {
  const subject = input.subject.replace(new RegExp(`^${escapeRegExp(env.SHOP_NAME)}:\\s*`), "");
  await queueEmail({ ...input, content: plainMessageEmail({ subject, text: input.text, locale: input.locale }) });
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
