// The admin outbox: emails the shop recorded (all of them; with no SMTP_URL they stay here
// unsent) and where each stands with the outbox worker. Staff read them through these two
// functions only, and never see the secrets in their links (order links, verification and reset
// links are masked): otherwise any staff member could open a buyer's codes or take over an
// account from here. Each body read is audited. What is kept here never holds codes (a buyer's
// copy with codes is stored encrypted and wiped once sent).
import "server-only";
import { z } from "zod";
import { recordAudit } from "@/lib/audit/record";
import { requireStaff } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { maskSecretLinks } from "@/lib/mail/secret-links";

export const outboxQuerySchema = z.object({
  status: z.enum(["outbox", "sending", "sent", "failed"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
});

export const outboxPageSize = 50;

/** Newest first, without the body text (the viewer loads one email). Any staff role. */
export async function listOutboxEmails(input: Record<string, unknown>) {
  await requireStaff();
  const q = outboxQuerySchema.parse(input);
  const where = { status: q.status };
  const [total, rows] = await Promise.all([
    db.outboxEmail.count({ where }),
    db.outboxEmail.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (q.page - 1) * outboxPageSize,
      take: outboxPageSize,
      select: {
        id: true,
        kind: true,
        to: true,
        subject: true,
        status: true,
        attempts: true,
        nextAttemptAt: true,
        error: true,
        orderId: true,
        createdAt: true,
        sentAt: true,
      },
    }),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, subject: maskSecretLinks(r.subject) })),
    total,
    query: q,
    page: q.page,
    pageCount: Math.max(1, Math.ceil(total / outboxPageSize)),
  };
}

/** One email with its text, links masked, for the viewer; the read is recorded in the audit log. */
export async function getOutboxEmail(id: string) {
  const actor = await requireStaff();
  const email = await db.outboxEmail.findUnique({
    where: { id },
    select: {
      id: true,
      kind: true,
      to: true,
      subject: true,
      text: true,
      status: true,
      attempts: true,
      nextAttemptAt: true,
      lastAttemptAt: true,
      error: true,
      orderId: true,
      createdAt: true,
      sentAt: true,
    },
  });
  if (!email) return null;
  await recordAudit({
    actor,
    action: "outbox.view_email",
    targetType: "email",
    targetId: email.id,
    after: { kind: email.kind, to: email.to, orderId: email.orderId },
  });
  return {
    ...email,
    subject: maskSecretLinks(email.subject),
    text: maskSecretLinks(email.text),
    error: email.error ? maskSecretLinks(email.error) : null,
  };
}
